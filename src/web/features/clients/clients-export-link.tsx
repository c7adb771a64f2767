import { FileDown } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { ClientSort } from '../../../shared/clients';
import { localTimeZone } from '../../../shared/format';
import { api } from '../../lib/api-client';

/**
 * The Clients list as CSV, as the screen shows it: its search, filter and order, and dates in this
 * browser's time zone. A plain link: the browser saves the streamed file as it arrives, whatever
 * the number of clients.
 */
export function ClientsExportLink({ sort, q, staff }: { sort: ClientSort; q: string; staff: string }) {
  const params = new URLSearchParams({ sort, ...(q ? { q } : {}), ...(staff ? { staff } : {}), tz: localTimeZone() });
  return (
    <Button asChild variant="outline">
      <a href={`${api.clients.export.$path()}?${params}`} download>
        <FileDown aria-hidden="true" /> Export CSV
      </a>
    </Button>
  );
}
