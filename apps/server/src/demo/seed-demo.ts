import { sql } from 'drizzle-orm';
import { createSystemAccess, type SystemAccess } from '../platform/db/system-access';
import { hashPassword } from '../platform/auth/passwords';
import { users } from '../features/auth/auth.table';
import { addMember, createOrganizationWithOwner } from '../features/orgs/orgs.service';
import { customersService } from '../features/customers/customers.service';
import { itemsService } from '../features/items/items.service';
import { countInvoicesOfCustomer, invoicesService } from '../features/invoices/invoices.service';
import type { FileStore } from '../platform/storage/file-store';
import type { HeavyWork } from '../platform/work/heavy-work';
import type { UrlSigner } from '../platform/auth/url-signer';

export const demoAccount = {
  email: 'demo@example.com',
  password: 'demo-password-123',
  name: 'Demo User',
};

export const demoOrganizations = ['Nile Trading Co.', 'شركة الخليج للتجارة'] as const;

/**
 * Demo data for trying the product: a user who owns one organization and administers a second, Arabic
 * one (so switching organizations can be tried). Loaded only when asked; running it again changes nothing.
 */
export const seedDemoData = async (system: SystemAccess) => {
  const { db } = system;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${demoAccount.email}`)
    .limit(1);
  let created: { userId: string; nile: string; gulf: string } | null = null;
  if (!existing) {
    const passwordHash = await hashPassword(demoAccount.password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: demoAccount.email, name: demoAccount.name, passwordHash })
        .returning({ id: users.id });
      const nile = await createOrganizationWithOwner(tx, {
        name: demoOrganizations[0],
        ownerId: user!.id,
        country: 'EG',
        taxId: '100-200-300',
        address: '15 Talaat Harb St, Cairo',
      });
      const [owner] = await tx
        .insert(users)
        .values({ email: 'gulf.owner@example.com', name: 'مالك شركة الخليج', passwordHash })
        .returning({ id: users.id });
      const gulf = await createOrganizationWithOwner(tx, {
        name: demoOrganizations[1],
        ownerId: owner!.id,
        country: 'SA',
        currency: 'SAR',
        // The sample VAT number of ZATCA's own documents.
        taxId: '310122393500003',
        address: 'طريق الملك فهد، حي العليا، الرياض 12214',
      });
      await addMember(createSystemAccess(tx as unknown as SystemAccess['db']), {
        organizationId: gulf.id,
        userId: user!.id,
        role: 'ADMIN',
      });
      created = { userId: user!.id, nile: nile.id, gulf: gulf.id };
    });
  }
  if (created) {
    const { userId, nile, gulf } = created;
    await seedInvoicing(system, nile, userId, nileData);
    await seedInvoicing(system, gulf, userId, gulfData);
  }
  return { email: demoAccount.email, password: demoAccount.password, organizations: [...demoOrganizations] };
};

interface DemoData {
  customers: { name: string; email?: string; phone?: string; tax_id?: string; address?: string }[];
  items: { name: string; sku: string; unit_price: string }[];
}

const nileData: DemoData = {
  customers: [
    {
      name: 'Cairo Office Supplies',
      email: 'orders@cairo-office.example',
      phone: '+20 2 2345 6789',
      tax_id: '204-118-339',
      address: '15 Talaat Harb St, Cairo',
    },
    {
      name: 'شركة الإسكندرية للأغذية',
      email: 'info@alex-foods.example',
      phone: '01001234567',
      tax_id: '311-402-775',
      address: 'طريق الحرية، الإسكندرية',
    },
    {
      name: 'Delta Engineering',
      email: 'ap@delta-eng.example',
      phone: '+20 50 222 3344',
      address: 'Mansoura, Dakahlia',
    },
    { name: 'مكتبة النور', phone: '01112223334', address: 'شارع الجامعة، أسيوط' },
  ],
  items: [
    { name: 'A4 paper, box of 5 reams', sku: 'PAP-A4-5', unit_price: '425.00' },
    { name: 'Laser toner cartridge', sku: 'TON-LJ-85', unit_price: '1250.00' },
    { name: 'حبر طابعة أسود', sku: 'INK-BLK', unit_price: '180.50' },
    { name: 'Office chair', sku: 'CHR-ERG', unit_price: '3200.00' },
    { name: 'صيانة شهرية', sku: 'SRV-MNT', unit_price: '950.00' },
  ],
};

const gulfData: DemoData = {
  customers: [
    {
      name: 'مؤسسة الرياض التجارية',
      email: 'billing@riyadh-trading.example',
      phone: '+966 11 456 7890',
      tax_id: '300123456700003',
      address: 'طريق الملك فهد، الرياض',
    },
    {
      name: 'Dubai Marine Services',
      email: 'accounts@dms.example',
      phone: '+971 4 321 0000',
      tax_id: '100234567800003',
      address: 'Jebel Ali, Dubai',
    },
  ],
  items: [
    { name: 'تمور فاخرة، كرتون', sku: 'DATE-BOX', unit_price: '120.00' },
    { name: 'Shipping container rental (day)', sku: 'CNT-DAY', unit_price: '350.00' },
    { name: 'قهوة عربية 1 كجم', sku: 'COF-1KG', unit_price: '95.75' },
  ],
};

const statuses = ['PAID', 'SENT', 'DRAFT', 'OVERDUE', 'CANCELLED', 'PAID', 'SENT', 'PAID'] as const;

/** Customers, items and invoices in every status, spread over the last months. */
const seedInvoicing = async (
  system: SystemAccess,
  organizationId: string,
  userId: string,
  data: DemoData,
) => {
  const scope = system.scopeFor(organizationId, userId);
  // Demo data has no images, so the invoice service needs no file store or link signer or heavy work.
  const unused = {} as FileStore & UrlSigner & HeavyWork;
  const customers = [];
  for (const c of data.customers) {
    customers.push(
      await customersService(scope, { countInvoices: countInvoicesOfCustomer(scope) }).create({
        email: '',
        phone: '',
        tax_id: '',
        address: '',
        ...c,
      }),
    );
  }
  const items = [];
  for (const i of data.items) items.push(await itemsService(scope).create({ ...i, tax_rate: '14' }));
  const invoices = invoicesService(scope, { files: unused, signer: unused, heavyWork: unused });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let n = 0; n < 12; n += 1) {
    const issued = -((n * 11) % 80) - 1;
    const picked = [items[n % items.length]!, items[(n + 2) % items.length]!];
    await invoices.create({
      customer_id: customers[n % customers.length]!.id,
      number: '',
      issue_date: day(issued),
      due_date: day(issued + 30),
      status: statuses[n % statuses.length]!,
      lines_data: picked.map((item, k) => ({
        item_id: item.id,
        description: item.name,
        quantity: String(1 + ((n + k) % 4)),
        unit_price: item.unit_price,
      })),
    });
  }
};
