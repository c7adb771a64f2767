import type { ReactNode } from 'react';
import { UserRound, Users } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { SessionUser } from '../../lib/auth-client';
import { SecuritySettings } from './security-settings';
import { TwoFactorSettings } from '../two-factor/two-factor-settings';

/**
 * An administrator's own account on My Account: who is signed in, and their Security Settings
 * (the original product keeps Change Password disabled for admins). Admins are not clients, so they have no
 * business owner profile or payments of their own.
 */
export function AdminOwnAccount({ user }: { user: Pick<SessionUser, 'id' | 'name' | 'email'> }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <UserRound className="size-5 text-brand-700" aria-hidden="true" /> Your Account
          </CardTitle>
          <CardDescription>You are signed in as an administrator.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="text-gray-600">Name</dt>
              <dd className="break-words font-medium text-gray-900">{user.name || '-'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-gray-600">Email</dt>
              <dd className="break-all font-medium text-gray-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-gray-600">Role</dt>
              <dd className="font-medium text-gray-900">Administrator</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <SecuritySettings clientId={user.id} isAdmin own />
      <TwoFactorSettings />
    </>
  );
}

/**
 * Everything a client's own My Account shows; for an administrator the same panels sit in a clearly
 * labelled "Acting for client" section, so working on a client's data is always explicit.
 */
export function ClientArea({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  if (!isAdmin) return children;
  return (
    <section
      aria-labelledby="acting-for-client-heading"
      className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50/40 p-4"
    >
      <div>
        <h2 id="acting-for-client-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Users className="size-5 text-brand-700" aria-hidden="true" /> Acting for client
        </h2>
        <p className="text-sm text-gray-700">
          Choose a client to see and change their profile, notification preferences and payments. What you change here
          is done for that client and is listed in their account activity.
        </p>
      </div>
      {children}
    </section>
  );
}
