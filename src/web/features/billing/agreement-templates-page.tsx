import { Suspense, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { FileSignature } from 'lucide-react';
import { branding } from '../../../shared/branding';
import { agreementHtml, AGREEMENT_PLACEHOLDERS } from '../../../shared/billing-rules';
import { programs, type ProgramId } from '../../../shared/programs-rules';
import { formatDateTime } from '../../../shared/format';
import { lazyPage } from '../../app/lazy-page';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { Loading } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import { QueryStates } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { usePagedList } from '../../lib/paged-list';
import { SafeHtml } from '../automations/safe-html';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../shared/format';
import { LoadFailed } from '../../components/load-states';
import { revenueQuery, templatesQuery, useAddTemplate, useDownloadRevenue } from './api';

/** Per program: paid (less refunds), still due and failed, over every client; and as CSV. */
function Revenue() {
  const query = useQuery(revenueQuery());
  const download = useDownloadRevenue();
  return (
    <section
      aria-labelledby="revenue-heading"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revenue-heading" className="text-base font-semibold text-gray-900">
          Revenue per program
        </h2>
        <Button
          variant="outline"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate(undefined, { onError: (e) => toast.error(e.message) })}
        >
          {download.isPending ? 'Downloading...' : 'Download CSV'}
        </Button>
      </div>
      {query.isError && <LoadFailed message="Could not load the revenue." query={query} />}
      {query.isPending && <Loading label="Loading the revenue..." />}
      {query.data && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-gray-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Program
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Paid
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Due
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Failed
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((r) => (
                <tr key={r.programId} className="border-b border-gray-100">
                  <th scope="row" className="py-2 pr-4 font-medium text-gray-900">
                    {r.programName}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(r.paid)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(r.due)}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(r.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// The form (react-hook-form and the schema) loads when the admin writes a new version.
const TemplateForm = lazyPage(() => import('./template-form'), 'TemplateForm');

/**
 * /agreements (administrators): each program's service agreement. Saving makes a new version; the
 * versions clients signed stay as they were, and a client signs the newest.
 */
export function AgreementTemplatesPage() {
  const isPortalAdmin = useIsPortalAdmin();
  const [programId, setProgramId] = useState<ProgramId>(programs[0].id);
  const [editing, setEditing] = useState(false);
  const versions = usePagedList(templatesQuery(programId), isPortalAdmin);
  const add = useAddTemplate();
  const selectId = useId();
  const newest = versions.data?.[0];

  useEffect(() => {
    document.title = `Service agreements · ${branding.productName}`;
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Service agreements"
        intro={`The agreement a client signs before paying for a program, in Markdown. Placeholders filled in for each client: ${AGREEMENT_PLACEHOLDERS.join(', ')}. Saving makes a new version; signed agreements keep the version they signed.`}
      />
      {!isPortalAdmin ? (
        <Alert tone="info">Only administrators edit the service agreements.</Alert>
      ) : (
        <section className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>Program</Label>
            <select
              id={selectId}
              value={programId}
              onChange={(e) => {
                setProgramId(e.target.value as ProgramId);
                setEditing(false);
              }}
              className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {programs.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          {editing && newest ? (
            <Suspense fallback={<Loading label="Loading the form..." />}>
              <TemplateForm
                key={programId}
                programId={programId}
                body={newest.body}
                busy={add.isPending}
                error={add.error}
                onCancel={() => setEditing(false)}
                onSubmit={(input) =>
                  add.mutate(input, {
                    onSuccess: (t) => {
                      setEditing(false);
                      toast.success(`Version ${t.version} saved.`);
                    },
                  })
                }
              />
            </Suspense>
          ) : (
            newest && (
              <div className="flex flex-col gap-3">
                <h2 className="text-base font-semibold text-gray-900">Current version {newest.version}</h2>
                <div
                  className="max-h-96 overflow-y-auto rounded-lg border border-gray-200 p-4"
                  tabIndex={0}
                  role="region"
                  aria-label={`Version ${newest.version} of the agreement`}
                >
                  <SafeHtml html={agreementHtml(newest.body)} />
                </div>
                <div>
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    New version...
                  </Button>
                </div>
              </div>
            )
          )}
          <h2 className="text-base font-semibold text-gray-900">Versions</h2>
          <QueryStates
            query={versions}
            noun="versions"
            loading="Loading the versions..."
            error="Could not load the versions."
            empty={{
              title: 'No versions yet',
              hint: 'Write the first version.',
              icon: <FileSignature aria-hidden="true" />,
            }}
          >
            {(items) => (
              <ul className="divide-y divide-gray-100 text-sm" aria-label="Agreement versions">
                {items.map((v) => (
                  <li key={v.id} className="py-2">
                    Version {v.version}, saved <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        </section>
      )}
      {isPortalAdmin && <Revenue />}
    </div>
  );
}
