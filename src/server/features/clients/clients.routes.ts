import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { clientListQuery } from '../../../shared/clients';
import { getClientSummary, listClients } from './clients.service';
import { sendArchive } from '../../uploads/serve';
import { recordOwnEvent } from '../audit/audit.service';
import { clientsCsvQuery } from '../../../shared/data-export';
import { clientsCsv } from './clients-csv';

/** The original product's get-clients, for the staff's Clients screen (a staff member's own clients): never a password or its hash. */
export const clientsRoutes = new Hono<AppEnv>()
  .get('/', access('staff'), validate('query', clientListQuery), async (c) =>
    c.json(await listClients(c.var.deps.db, c.var.user!, c.req.valid('query'))),
  )
  // The same list as CSV, streamed; recorded on the admin's own activity (no one client's data).
  .get('/export', access('staff'), validate('query', clientsCsvQuery), async (c) => {
    const admin = c.var.user!;
    await recordOwnEvent(c.var.deps.db, admin.id, { action: 'export', entityType: 'client_list' });
    const { tz, ...query } = c.req.valid('query');
    const day = new Date().toISOString().slice(0, 10);
    return sendArchive(c, clientsCsv(c.var.deps.db, admin, query, tz), `clients-${day}.csv`, 'text/csv; charset=utf-8');
  })
  // The client selector's chosen client, named even when a search does not list it.
  .get('/:clientId/summary', access('staff'), async (c) => {
    const summary = await getClientSummary(c.var.deps.db, c.req.param('clientId'));
    return summary ? c.json(summary) : c.json({ error: 'Not found' }, 404);
  });
