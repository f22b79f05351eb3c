import type { z } from 'zod';
import type { customerInput } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { pageOf } from '../../platform/db/pagination';
import { AppError, notFound } from '../../platform/errors/app-error';
import { enforcePlanLimit } from '../subscriptions/subscriptions.service';
import { customersRepository } from './customers.repository';
import { toCustomer } from './customers.wire';

type Input = z.output<typeof customerInput>;

const values = (input: Input) => ({
  name: input.name,
  email: input.email,
  phone: input.phone,
  taxId: input.tax_id,
  address: input.address,
});

const customerNotFound = () => notFound('Customer not found.');

/** Every customer's id, name and tax id (matching names read by OCR). */
export const findCustomerNames = (scope: OrgScope) => customersRepository(scope).findNames();

/** A customer's details as an invoice's document prints them; null when it does not exist. */
export const findCustomerDetails = async (scope: OrgScope, id: string) => {
  const row = await customersRepository(scope).find(id);
  return row
    ? { name: row.name, email: row.email, phone: row.phone, taxId: row.taxId, address: row.address }
    : null;
};

/** How many customers the organization has, which its plan's `max_customers` limits. */
export const countCustomers = (scope: OrgScope) => customersRepository(scope).count();

interface CustomerDeps {
  /** How many invoices refer to the customer (the invoices feature answers it). */
  countInvoices: (customerId: string) => Promise<number>;
}

export const customersService = (scope: OrgScope, deps: CustomerDeps) => {
  const repo = customersRepository(scope);
  return {
    list: async (q: { q?: string | undefined; page: number; page_size: number }) => {
      const { rows, count: total } = await repo.list({ q: q.q, page: q.page, pageSize: q.page_size });
      return pageOf(rows.map(toCustomer), total, q.page, q.page_size);
    },
    get: async (id: string) => {
      const row = await repo.find(id);
      if (!row) throw customerNotFound();
      return toCustomer(row);
    },
    /** Past the plan's limit: 403 `PLAN_LIMIT_REACHED` and nothing written (one transaction). */
    create: (input: Input) =>
      scope.run(async () => {
        await enforcePlanLimit(scope, 'customers', () => repo.count());
        return toCustomer(await repo.insert(values(input)));
      }),
    update: async (id: string, input: Input) => {
      const row = await repo.update(id, values(input));
      if (!row) throw customerNotFound();
      return toCustomer(row);
    },
    remove: (id: string) =>
      scope.run(async () => {
        const used = await deps.countInvoices(id);
        if (used > 0) {
          throw new AppError(
            'CUSTOMER_IN_USE',
            `This customer cannot be deleted: ${used} invoice(s) refer to it. Delete or reassign those invoices first.`,
            { extra: { invoice_count: used } },
          );
        }
        try {
          if (!(await repo.remove(id))) throw customerNotFound();
        } catch (error) {
          if (isForeignKeyViolation(error)) {
            throw new AppError('CUSTOMER_IN_USE', 'This customer cannot be deleted: invoices refer to it.');
          }
          throw error;
        }
      }),
  };
};
