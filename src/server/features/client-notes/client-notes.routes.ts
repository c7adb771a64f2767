import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { clientNoteInput, clientNotesQuery } from '../../../shared/client-notes';
import { addNote, deleteNote, listNotes, updateNote } from './client-notes.service';

// Staff's private notes on a client: access('staff') lets in admins and the client's own staff
// member (another staff member's client is a 404, a client a 403), so no client ever reads them.
export const clientNotesRoutes = new Hono<AppEnv>()
  .get('/', access('staff'), validate('query', clientNotesQuery), async (c) =>
    c.json(await listNotes(c.var.deps.db, c.var.user!, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('staff'), validate('json', clientNoteInput), async (c) =>
    c.json({ note: await addNote(c.var.deps.db, c.var.scope, c.var.user!, c.req.valid('json').body) }, 201),
  )
  .patch('/:noteId', access('staff'), validate('json', clientNoteInput), async (c) =>
    c.json({
      note: await updateNote(c.var.deps.db, c.var.scope, c.var.user!, c.req.param('noteId'), c.req.valid('json').body),
    }),
  )
  .delete('/:noteId', access('staff'), async (c) => {
    await deleteNote(c.var.deps.db, c.var.scope, c.var.user!, c.req.param('noteId'));
    return c.json({ ok: true as const });
  });
