import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { auditListQuery } from '../../../shared/audit';
import { listAudit } from './audit.service';
import { isStaffRole } from '../../../shared/roles';
import { AUTOMATIC_CHANGE, REFUNDED_IN_STRIPE } from '../../../shared/audit-labels';

/** "Activity on your account": who saw or changed this client's data, newest first. */
export const auditRoutes = new Hono<AppEnv>().get('/', access('own'), validate('query', auditListQuery), async (c) => {
  const { page, pageSize } = c.req.valid('query');
  const result = await listAudit(c.var.deps.db, c.var.scope.clientId, page, pageSize, c.var.scope.isAdmin);
  return c.json({
    ...result,
    rows: result.rows.map(({ actorId, actorName, actorRole, ...row }) => ({
      ...row,
      actor:
        actorId === c.var.scope.clientId
          ? 'You'
          : isStaffRole(actorRole)
            ? `${actorName || 'Administrator'} (staff)`
            : actorId === null && row.field === AUTOMATIC_CHANGE
              ? 'The portal'
              : actorId === null && row.field === REFUNDED_IN_STRIPE
                ? 'Stripe'
                : actorName || 'Unknown',
    })),
  });
});
