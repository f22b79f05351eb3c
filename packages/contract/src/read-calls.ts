// Plain data without zod: the method, path and access of the routes that pages only read and show, from
// which those routes are built. A page calls them without loading zod or any schema (the web's `readApi`).

/** `invoiceRoutes.list`: the invoice list. */
export const invoiceListCall = { method: 'GET', path: '/invoices/', access: 'org' } as const;

/** `orgRoutes.current`: the navigation bar's organization (its name and the caller's role). */
export const currentOrganizationCall = { method: 'GET', path: '/orgs/current/', access: 'org' } as const;
