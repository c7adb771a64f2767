import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';
import type { Role } from '../../shared/roles';

/** Creates a verified user with a password; used by the demo seed, tests and scripts. */
export async function createVerifiedUser(
  auth: Auth,
  db: Db,
  u: { email: string; name: string; phone?: string; password: string; role?: Role },
) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email: u.email.toLowerCase(), name: u.name, emailVerified: true, phone: u.phone ?? '' },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(u.password),
  });
  if (u.role) await db.update(authUsers).set({ role: u.role }).where(eq(authUsers.id, user.id));
  return user;
}
