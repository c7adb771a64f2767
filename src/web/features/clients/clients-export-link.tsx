import { FileDown } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { ClientSort } from '../../../shared/clients';

/**
 * The Clients list as CSV, in the screen's search and order. A plain link: the browser saves the
 * streamed file as it arrives, whatever the number of clients.
 */
export function ClientsExportLink({ sort, q }: { sort: ClientSort; q: string }) {
  const params = new URLSearchParams({ sort, ...(q ? { q } : {}) });
  return (
    <Button asChild variant="outline">
      <a href={`/api/clients/export?${params}`} download>
        <FileDown aria-hidden="true" /> Export CSV
      </a>
    </Button>
  );
}
