import { Users } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import type { ClientOption } from './api';
import { selectClass } from './form-field';

/** The admin's choice of client (oldest first), showing each client's name or, when missing, the e-mail. */
export function ClientSelector({ query, value, onChange }: { query: UseQueryResult<ClientOption[]>; value: string | null; onChange: (id: string) => void }) {
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
