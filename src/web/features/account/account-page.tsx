import { useAuth } from '../../app/auth-context';
import { Card, CardContent } from '../../components/ui/card';
import { ActivityPanel } from './activity-panel';

export function AccountPage() {
  const { user, isAdmin } = useAuth();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-gray-900">Account Settings</h1>
        <p className="text-gray-600">Manage your account preferences and settings</p>
      </header>
      <Card>
        <CardContent className="pt-6 text-sm text-gray-600">
          Your business owner profile, notification preferences, password and payments will be managed here in a coming release.
        </CardContent>
      </Card>
      {user && !isAdmin && <ActivityPanel clientId={user.id} />}
    </div>
  );
}
