import { useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { PaymentsPanel } from '../payments/payments-panel';
import { ActivityPanel } from './activity-panel';
import { useDefaultClient } from '../../lib/client-options';
import { ClientSelector } from '../../components/client-selector';
import { NotificationPreferences } from './notification-preferences';
import { MembershipPanel } from './membership-panel';
import { ProfilePanel } from './profile-form';
import { SecuritySettings } from './security-settings';
import { AdminOwnAccount, ClientArea } from './admin-account';
import { SessionsPanel } from './sessions-panel';
import { ClientSessionsAdmin } from './client-sessions-admin';
import { DataExportPanel } from './data-export-panel';
import { TwoFactorSettings } from '../two-factor/two-factor-settings';
import { ClientStaffCard } from '../team/client-staff-card';
import { ClientNotesCard } from '../client-notes/client-notes-card';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { CalendarFeedCard } from '../calendar-feed/calendar-feed-card';
import { AgreementsCard } from '../billing/agreements-card';
import { PushDevicesCard } from '../push/push-devices-card';

/**
 * /account: clients act on their own id. Admins see their own account (name, e-mail, Security
 * Settings), then an "Acting for client" section where they pick a client (?client=<id>, else the oldest).
 */
export function AccountPage() {
  const { user, isAdmin } = useAuth();
  const isPortalAdmin = useIsPortalAdmin();
  const [params, setParams] = useSearchParams();
  const chosen = useDefaultClient(isAdmin, params.get('client'));
  const clientId = isAdmin ? chosen : (user?.id ?? null);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-gray-900">Account Settings</h1>
        <p className="text-gray-600">Manage your account preferences and settings</p>
      </header>
      {isAdmin && user && <AdminOwnAccount user={user} />}
      {isAdmin && user && <SessionsPanel />}
      {/* The signed-in person's own browsers: never a client's, even when acting for one. */}
      {isAdmin && user && <PushDevicesCard />}
      <ClientArea isAdmin={isAdmin}>
        {isAdmin && <ClientSelector value={clientId} onChange={(id) => setParams({ client: id })} />}
        {clientId && (
          <div key={clientId} className="flex flex-col gap-6">
            {isPortalAdmin && <ClientStaffCard clientId={clientId} />}
            {isAdmin && <ClientNotesCard clientId={clientId} />}
            <ProfilePanel clientId={clientId} />
            <MembershipPanel clientId={clientId} isAdmin={isAdmin} />
            <NotificationPreferences clientId={clientId} />
            {!isAdmin && <PushDevicesCard />}
            {/* The feed is the client's own: an admin acting for them never sees its address. */}
            {!isAdmin && <CalendarFeedCard />}
            <SecuritySettings clientId={clientId} isAdmin={isAdmin} />
            {isAdmin ? <ClientSessionsAdmin clientId={clientId} /> : <SessionsPanel />}
            {!isAdmin && <TwoFactorSettings />}
            <PaymentsPanel clientId={clientId} />
            <AgreementsCard clientId={clientId} />
            <DataExportPanel clientId={clientId} isAdmin={isAdmin} />
          </div>
        )}
      </ClientArea>
      {user && !isAdmin && <ActivityPanel clientId={user.id} />}
    </div>
  );
}
