import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Eye, History, Pencil, Plus, Trash2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { describeAudit } from '../../../shared/audit-labels';
import { formatDateTime } from '../../../shared/format';
import { auditQuery } from './api';
import { LoadFailed } from '../../components/load-states';

const icons = { create: Plus, update: Pencil, delete: Trash2, reveal: Eye, export: Download };

/** "Who saw or changed my data": reveals of secrets and staff changes, newest first. */
export function ActivityPanel({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(auditQuery(clientId, page));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5 text-brand-700" aria-hidden="true" /> Activity on your account
        </CardTitle>
        <CardDescription>
          Every time someone views your sensitive details or our staff change your data, it is listed here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending && (
          <ul className="flex flex-col gap-2" aria-label="Loading activity">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-10 animate-pulse rounded-md bg-gray-100" />
            ))}
          </ul>
        )}
        {query.isError && <LoadFailed message="Could not load your account activity." query={query} />}
        {query.data && query.data.total === 0 && (
          <p className="text-sm text-gray-600">No activity yet. Nobody has viewed or changed your data.</p>
        )}
        {query.data && query.data.total > 0 && (
          <>
            <ul className="divide-y divide-gray-100">
              {query.data.rows.map((row) => {
                const Icon = icons[row.action];
                return (
                  <li key={row.id} className="flex items-start gap-3 py-2.5 text-sm">
                    <Icon className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
                    <span className="flex-1 text-gray-800">{describeAudit(row)}</span>
                    <time className="shrink-0 text-gray-500" dateTime={row.createdAt}>
                      {formatDateTime(row.createdAt)}
                    </time>
                  </li>
                );
              })}
            </ul>
            {pages > 1 && (
              <nav
                className="mt-3 flex items-center justify-end gap-2 text-sm text-gray-600"
                aria-label="Activity pages"
              >
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPage((p) => p - 1)}
                  disabled={page <= 1}
                  aria-label="Newer activity"
                >
                  <ChevronLeft />
                </Button>
                Page {page} of {pages}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPage((p) => p + 1)}
                  disabled={page >= pages}
                  aria-label="Older activity"
                >
                  <ChevronRight />
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
