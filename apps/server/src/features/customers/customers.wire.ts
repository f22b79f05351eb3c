import type { Customer } from '@invoicing/contract';
import type { CustomerRow } from './customers.repository';

/** A customer as the contract answers it. */
export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  tax_id: row.taxId,
  address: row.address,
  created_at: row.createdAt.toISOString(),
});
