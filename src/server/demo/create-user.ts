import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Logger } from '../lib/logger';
import type { Db } from './client';
import { authUsers } from './schema';

/** Creates a verified user with a password; used by the demo seed and by tests. */
export async function createVerifiedUser(
  auth: Auth,
  db: Db,
  u: { email: string; name: string; phone?: string; password: string; role?: 'admin' | 'client' },
) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({ email: u.email.toLowerCase(), name: u.name, emailVerified: true, phone: u.phone ?? '' }, { method: 'admin' });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(u.password) });
  if (u.role) await db.update(authUsers).set({ role: u.role }).where(eq(authUsers.id, user.id));
  return user;
}

// On a brand-new embedded database, a demo admin and client so the first `npm start` is usable.
// Their passwords are random and printed once, here; nothing stores them in clear.
export async function seedDemo({ db, auth, log }: { db: Db; auth: Auth; log: Logger }) {
  const [{ n }] = await db.select({ n: count() }).from(authUsers);
  if (n > 0) return;
  const pw = () => randomBytes(9).toString('base64url');
  const admin = { email: 'admin@demo.local', name: 'Demo Admin', password: pw(), role: 'admin' as const };
  const client = { email: 'client@demo.local', name: 'Demo Client', phone: '(555) 010-2030', password: pw(), role: 'client' as const };
  await createVerifiedUser(auth, db, admin);
  await createVerifiedUser(auth, db, client);
  log.info(
    [
      'Demo accounts created (shown only this once; use "Forget Password" later):',
      `  admin:  ${admin.email}  password: ${admin.password}`,
      `  client: ${client.email}  password: ${client.password}`,
    ].join('\n'),
  );
}
