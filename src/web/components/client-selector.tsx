import { Users } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';
import { Label } from './ui/label';
import type { ClientOption } from '../lib/client-options';
import { selectClass } from './ui/form-field';

/** The admin's choice of client (oldest first), showing each client's name or, when missing, the e-mail. */
export function ClientSelector({
  query,
  value,
  onChange,
  allOption,
}: {
  query: UseQueryResult<ClientOption[]>;
  value: string | null;
  onChange: (id: string) => void;
  /** When given, a first choice with this label and the value '' (e.g. 'All clients'). */
  allOption?: string;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-6">
        <Label htmlFor="client-selector" className="flex items-center gap-2">
          <Users className="size-4 text-brand-700" aria-hidden="true" /> Client
        </Label>
        {query.isPending && <p className="text-sm text-gray-600">Loading clients...</p>}
        {query.isError && (
          <Alert tone="error" className="flex items-center justify-between gap-2">
            Could not load the client list.
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {query.data && query.data.length === 0 && <p className="text-sm text-gray-600">No clients found</p>}
        {query.data && query.data.length > 0 && (
          <select id="client-selector" className={selectClass} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
            {allOption !== undefined && <option value="">{allOption}</option>}
            {value && !query.data.some((c) => c.id === value) && <option value={value}>Client {value}</option>}
            {query.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.email}
              </option>
            ))}
          </select>
        )}
      </CardContent>
    </Card>
  );
}
