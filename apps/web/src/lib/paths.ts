/**
 * Every page's address (SPEC §2). The router's table is written with these patterns and every link is built
 * from them with `href`, so that a page that moves moves everywhere and a missing parameter fails to compile.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  adminLogin: '/admin-login',
  admin: '/admin',
  orgSelect: '/org/select',
  dashboard: '/dashboard',
  customers: '/customers',
  customerNew: '/customers/new',
  customerEdit: '/customers/:id/edit',
  items: '/items',
  itemNew: '/items/new',
  itemEdit: '/items/:id/edit',
  invoices: '/invoices',
  invoiceDashboard: '/invoices/dashboard',
  invoiceNew: '/invoices/new',
  invoice: '/invoices/:id',
  invoiceEdit: '/invoices/:id/edit',
  ocr: '/ocr',
  ocrReview: '/ocr/:id',
  fileManager: '/file-manager',
  usage: '/usage',
  plans: '/plans',
  payment: '/payment',
  paymentEnhanced: '/payment/enhanced',
  paymentSuccess: '/payment/success',
  paymentFailure: '/payment/failure',
  paymentCancel: '/payment/cancel',
  /** Where Paymob sends the payer's browser back, with the transaction in the query. */
  paymentPaymobReturn: '/payment/paymob/return',
  members: '/members',
  /** The organization's profile (name, country, tax id, address), for its owners and admins. */
  organization: '/organization',
  invite: '/invite/:token',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

/** The `:name` segments of a path pattern. */
export type PathParam<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParam<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Query parameters of a link; empty values are left out. */
export type Search = Record<string, string | number | null | undefined>;

type HrefArgs<P extends string> = [PathParam<P>] extends [never]
  ? [params?: Record<string, never>, search?: Search]
  : [params: Record<PathParam<P>, string>, search?: Search];

/** The address of a page: its pattern with the parameters filled in (encoded), then the query, if any. */
export function href<P extends PagePath>(path: P, ...[params, search]: HrefArgs<P>): string {
  const values: Record<string, string> = params ?? {};
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${filled}?${text}` : filled;
}
