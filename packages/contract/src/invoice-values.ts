// Plain data without zod: the invoice list shows these without loading any schema.

export const invoiceStatuses = ['DRAFT', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const imageStatuses = ['available', 'deleted', 'no_image'] as const;
export type ImageStatus = (typeof imageStatuses)[number];
