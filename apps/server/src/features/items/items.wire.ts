import { toMoney, type Item } from '@invoicing/contract';
import type { ItemRow } from './items.repository';

/** An item as the contract answers it. */
export const toItem = (row: ItemRow): Item => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  currency: row.currency,
  unit_price: toMoney(row.unitPrice),
  tax_rate: toMoney(row.taxRate),
  created_at: row.createdAt.toISOString(),
});
