import type { SystemAccess } from '../../platform/db/system-access';
import { plansRepository } from './plans.repository';

/** Yearly price: twelve months less 20%, to the cent. */
const yearly = (monthlyCents: number) => ((monthlyCents * 12 * 80) / 100 / 100).toFixed(2);

/** The plans of DECISIONS.md, inserted on first start; superusers edit them afterwards. */
const defaultPlans = [
  {
    code: 'free',
    name: 'Free',
    description: 'For trying the product: a few invoices a month.',
    priceMonthly: '0.00',
    priceYearly: '0.00',
    creditsPerMonth: 10,
    maxStorageMb: 30,
    maxCustomers: 25,
    maxItems: 50,
    maxInvoicesPerMonth: 20,
    features: ['10 OCR credits a month', '30 MB storage', '25 customers', '20 invoices a month'],
    isPopular: false,
    sortOrder: 1,
  },
  {
    code: 'pro',
    name: 'Pro',
    description: 'For growing businesses that digitise invoices every day.',
    priceMonthly: '299.00',
    priceYearly: yearly(29_900),
    creditsPerMonth: 100,
    maxStorageMb: 1024,
    maxCustomers: 2000,
    maxItems: 10_000,
    maxInvoicesPerMonth: 2000,
    features: ['100 OCR credits a month', '1 GB storage', 'Advanced OCR', '2,000 invoices a month'],
    isPopular: true,
    sortOrder: 2,
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    description: 'For large teams: unlimited records and the most credits.',
    priceMonthly: '999.00',
    priceYearly: yearly(99_900),
    creditsPerMonth: 1000,
    maxStorageMb: 10_240,
    maxCustomers: null,
    maxItems: null,
    maxInvoicesPerMonth: null,
    features: ['1,000 OCR credits a month', '10 GB storage', 'Unlimited customers and invoices'],
    isPopular: false,
    sortOrder: 3,
  },
] as const;

/** The default plans as rows of the plans table. */
export const defaultPlanRows = () =>
  defaultPlans.map((p) => ({ ...p, features: [...p.features], currency: 'EGP' }));

/**
 * Inserts the default plans once per database, at the first start: a plan a superuser deleted stays
 * deleted after restarts (the seed's run is recorded with the plans, in one transaction). Databases seeded
 * before the record existed got it from migration 0023.
 */
export const seedPlans = async (system: SystemAccess): Promise<void> => {
  await system.db.transaction(async (tx) => {
    const repo = plansRepository(tx);
    if (!(await repo.markSeedRun('plans'))) return;
    await repo.insertMissing(defaultPlanRows());
  });
};
