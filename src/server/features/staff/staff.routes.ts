import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import {
  assignmentInput,
  bulkAssignmentInput,
  roleChangeInput,
  staffListQuery,
  staffParam,
  takesNewClientsInput,
} from '../../../shared/staff';
import { assignClients, listStaff, setTakesNewClients, setUserRole } from './staff.service';

/**
 * /api/staff: the team (admins and staff members) with their clients' count, for admins; and a
 * staff member's "Takes new clients" setting.
 */
export const staffRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), validate('query', staffListQuery), async (c) =>
    c.json(await listStaff(c.var.deps.db, c.req.valid('query'))),
  )
  .put(
    '/:staffId/new-clients',
    access('admin'),
    validate('param', staffParam),
    validate('json', takesNewClientsInput),
    async (c) =>
      c.json(
        await setTakesNewClients(
          c.var.deps.db,
          c.var.user!.id,
          c.req.valid('param').staffId,
          c.req.valid('json').takesNewClients,
        ),
      ),
  );

/** /api/users/:userId/role: an admin makes a user a client, a staff member or an admin (never themselves). */
export const userRoleRoutes = new Hono<AppEnv>().put(
  '/',
  access('admin'),
  validate('json', roleChangeInput),
  async (c) => {
    const userId = c.req.param('userId') ?? '';
    const { user, released } = await setUserRole(c.var.deps.db, c.var.user!.id, userId, c.req.valid('json').role);
    c.var.deps.sessions?.forgetUsers([userId, ...released]);
    return c.json({ user });
  },
);

/** /api/clients/:clientId/assignment: an admin gives the client to a staff member, or back to the pool (null). */
export const clientAssignmentRoutes = new Hono<AppEnv>().put(
  '/',
  access('admin'),
  validate('json', assignmentInput),
  async (c) => {
    const clientIds = [c.var.scope.clientId];
    const result = await assignClients(c.var.deps.db, c.var.user!.id, clientIds, c.req.valid('json').staffId);
    c.var.deps.sessions?.forgetUsers(clientIds);
    return c.json(result);
  },
);

/** /api/clients/assignments: several clients (at most BULK_ASSIGN_MAX) to one staff member, all or none. */
export const bulkAssignmentRoutes = new Hono<AppEnv>().post(
  '/',
  access('admin'),
  validate('json', bulkAssignmentInput),
  async (c) => {
    const { clientIds, staffId } = c.req.valid('json');
    const result = await assignClients(c.var.deps.db, c.var.user!.id, clientIds, staffId);
    c.var.deps.sessions?.forgetUsers(clientIds);
    return c.json(result);
  },
);
