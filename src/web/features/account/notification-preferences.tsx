import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { Preferences } from '../../../shared/profile';
import { preferencesQuery, useSavePreferences } from './api';
import { Switch } from './switch';
import { LoadFailed } from '../../components/load-states';

const toggles: { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: 'pushAlertEnabled',
    label: 'Push notifications',
    description:
      'The count on the bell for new notifications about tasks, payments, messages and changes our team makes, and the same notifications on your devices where you turn them on.',
  },
  {
    key: 'emailAlertEnabled',
    label: 'Email notifications',
    description: 'An email with each notification, including changes our staff make to your contact details.',
  },
  {
    key: 'weeklyDigestEnabled',
    label: 'Weekly digest e-mail',
    description:
      'A Monday email with what is due this week, what is overdue, new document requests and your fundability score change.',
  },
];

/** Panel 2: push, email and weekly digest toggles; each flip is saved at once and all are disabled while saving. */
export function NotificationPreferences({ clientId }: { clientId: string }) {
  const query = useQuery(preferencesQuery(clientId));
  const save = useSavePreferences(clientId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Bell className="size-5 text-brand-700" aria-hidden="true" /> Notification Preferences
        </CardTitle>
        <CardDescription>Choose how we keep you informed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending && (
          <div
            className="h-16 animate-pulse rounded-md bg-gray-100"
            role="status"
            aria-label="Loading notification preferences"
          />
        )}
        {query.isError && <LoadFailed message="Could not load notification preferences." query={query} />}
        {query.data &&
          toggles.map((t) => (
            <div key={t.key} className="flex items-center justify-between gap-4">
              <div>
                <p id={`${t.key}-label`} className="text-sm font-medium text-gray-900">
                  {t.label}
                </p>
                <p id={`${t.key}-description`} className="text-xs text-gray-600">
                  {t.description}
                </p>
              </div>
              <Switch
                labelledBy={`${t.key}-label`}
                describedBy={`${t.key}-description`}
                checked={query.data[t.key]}
                disabled={save.isPending}
                onCheckedChange={() => save.mutate({ ...query.data, [t.key]: !query.data[t.key] })}
              />
            </div>
          ))}
        {save.isError && (
          <Alert tone="error">{save.error.message || 'Could not save your notification preferences.'}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
