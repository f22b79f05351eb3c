/**
 * The roots of every cache key. A feature builds its keys under one of these, and a feature that changes
 * another one's data (an invoice made from an OCR result, a customer saved while the editor lists them)
 * invalidates the same root: the keys of the cache have one home, whichever feature reads them.
 */
export const queryKeys = {
  organizations: ['orgs', 'list'],
  /** The organization id is part of the key: switching organizations must never show the previous one. */
  currentOrganization: (organizationId: string | null) => ['orgs', 'current', organizationId] as const,
  customers: ['customers'],
  items: ['items'],
  invoices: ['invoices'],
  attachments: ['attachments'],
  ocr: ['ocr'],
  usageSummary: ['usage', 'summary'],
  /** The usage page's one answer: usage, limits, prices and plans. */
  usageEnhanced: ['usage', 'enhanced'],
  /** Plans, payment methods, their form fields and payments' statuses. */
  payments: ['payments'],
  dashboardSummary: ['dashboard', 'summary'],
  /** Everything the admin panel reads: its changes refresh every tab. */
  admin: ['admin'],
  /** The organization's members and its pending invitations (the members page). */
  members: ['members'],
  invitations: ['invitations'],
} as const;
