import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { branding } from '../../../shared/branding';
import { formatBusinessDuration, type SupportTargetSettings } from '../../../shared/support-targets-rules';
import { lazyPage } from '../../app/lazy-page';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { LoadFailed, Loading } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { targetsQuery, useSaveTargets } from './api';
import { WEEKDAY_NAMES } from './weekdays';

// The form (react-hook-form and the schemas) loads when the admin opens it.
const TargetsForm = lazyPage(() => import('./targets-form'), 'TargetsForm');

const days = (s: SupportTargetSettings) => s.businessDays.map((d) => WEEKDAY_NAMES[d - 1]).join(', ');

function Summary({ value }: { value: SupportTargetSettings }) {
  const rows: [string, string][] = [
    ['Business days', days(value)],
    ['Hours', `${value.opensAt} to ${value.closesAt} (${value.timeZone})`],
    ['First response', `within ${formatBusinessDuration(value.firstResponseMinutes * 60_000)} of business time`],
    ['Reply', `within ${formatBusinessDuration(value.replyMinutes * 60_000)} of business time`],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, text]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-gray-700">{term}</dt>
          <dd className="break-words text-sm text-gray-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /support-targets (administrators): the business hours and the targets the Support Chat inbox measures against. */
export function SupportTargetsPage() {
  const isPortalAdmin = useIsPortalAdmin();
  const targets = useQuery({ ...targetsQuery(), enabled: isPortalAdmin });
  const save = useSaveTargets();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    document.title = `Support targets · ${branding.productName}`;
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Support targets"
        intro="How soon a client's Support Chat message should be answered, in business time. The inbox shows each wait against its target; a passed target tells the client's staff member, and the administrators a further target later."
        actions={
          isPortalAdmin && (
            <Link to="/support-report" className="text-sm font-medium text-brand-700 hover:underline">
              Support report
            </Link>
          )
        }
      />
      {!isPortalAdmin ? (
        <Alert tone="info">Only administrators set the support targets.</Alert>
      ) : targets.isError ? (
        <LoadFailed message="The support targets could not be loaded." query={targets} />
      ) : !targets.data ? (
        <Loading label="Loading the support targets..." />
      ) : (
        <section aria-labelledby="targets-heading" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
          <h2 id="targets-heading" className="mb-4 text-base font-semibold text-gray-900">
            Business hours and targets
          </h2>
          {editing ? (
            <Suspense fallback={<Loading label="Loading the form..." />}>
              <TargetsForm
                value={targets.data}
                busy={save.isPending}
                error={save.error}
                onCancel={() => setEditing(false)}
                onSubmit={(value) =>
                  save.mutate(value, {
                    onSuccess: () => {
                      setEditing(false);
                      toast.success('Support targets saved.');
                    },
                  })
                }
              />
            </Suspense>
          ) : (
            <div className="flex flex-col gap-4">
              <Summary value={targets.data} />
              <div>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  Change targets...
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
