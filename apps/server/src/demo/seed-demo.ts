import { sql } from 'drizzle-orm';
import type { SystemAccess } from '../platform/db/system-access';
import { hashPassword } from '../platform/auth/passwords';
import { users } from '../features/auth/auth.table';
import { addMember, createOrganizationWithOwner } from '../features/orgs/orgs.service';

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
  if (!existing) {
    const passwordHash = await hashPassword(demoAccount.password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: demoAccount.email, name: demoAccount.name, passwordHash })
        .returning({ id: users.id });
      await createOrganizationWithOwner(tx, { name: demoOrganizations[0], ownerId: user!.id, country: 'EG' });
      const [owner] = await tx
        .insert(users)
        .values({ email: 'gulf.owner@example.com', name: 'مالك شركة الخليج', passwordHash })
        .returning({ id: users.id });
      const gulf = await createOrganizationWithOwner(tx, {
        name: demoOrganizations[1],
        ownerId: owner!.id,
        country: 'SA',
        currency: 'SAR',
      });
      await addMember(
        { db: tx as unknown as SystemAccess['db'] },
        { organizationId: gulf.id, userId: user!.id, role: 'ADMIN' },
      );
    });
  }
  return { email: demoAccount.email, password: demoAccount.password, organizations: [...demoOrganizations] };
};
