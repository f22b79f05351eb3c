import type { z } from 'zod';
import { toMoney, validationMessages, type itemInput } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { isUniqueViolation } from '../../platform/db/errors';
import { pageOf } from '../../platform/db/pagination';
import { AppError, notFound } from '../../platform/errors/app-error';
import { getOrganizationCurrency } from '../orgs/orgs.service';
import { enforcePlanLimit } from '../subscriptions/subscriptions.service';
import { itemsRepository } from './items.repository';
import { toItem } from './items.wire';

type Input = z.output<typeof itemInput>;

const itemNotFound = () => notFound('Item not found.');

const skuTaken = () =>
  new AppError('SKU_TAKEN', validationMessages.skuTaken, {
    fieldErrors: { sku: [validationMessages.skuTaken] },
  });

/** Every item's id and name (matching lines read by OCR). */
export const findItemNames = (scope: OrgScope) => itemsRepository(scope).findNames();

/** How many items the organization has, which its plan's `max_items` limits. */
export const countItems = (scope: OrgScope) => itemsRepository(scope).count();

export const itemsService = (scope: OrgScope) => {
  const repo = itemsRepository(scope);
  const values = async (input: Input) => ({
    name: input.name,
    sku: input.sku,
    currency: input.currency ?? (await getOrganizationCurrency(scope)),
    unitPrice: toMoney(input.unit_price),
    taxRate: toMoney(input.tax_rate),
  });
  const guardSku = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'items_organization_sku_key')) throw skuTaken();
      throw error;
    }
  };
  return {
    list: async (q: { q?: string | undefined; page: number; page_size: number }) => {
      const { rows, count } = await repo.list({ q: q.q, page: q.page, pageSize: q.page_size });
      return pageOf(rows.map(toItem), count, q.page, q.page_size);
    },
    get: async (id: string) => {
      const row = await repo.find(id);
      if (!row) throw itemNotFound();
      return toItem(row);
    },
    /** Past the plan's limit: 403 `PLAN_LIMIT_REACHED` and nothing written (one transaction). */
    create: async (input: Input) =>
      toItem(
        await guardSku(() =>
          scope.run(async () => {
            await enforcePlanLimit(scope, 'items', () => repo.count());
            return repo.insert(await values(input));
          }),
        ),
      ),
    update: async (id: string, input: Input) => {
      const row = await guardSku(async () => repo.update(id, await values(input)));
      if (!row) throw itemNotFound();
      return toItem(row);
    },
    remove: async (id: string) => {
      if (!(await repo.remove(id))) throw itemNotFound();
    },
  };
};
