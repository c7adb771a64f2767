import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { staffNoticeLimit } from '../../middleware/staff-notice-limit';
import { validate } from '../../middleware/validate';
import { PROGRAM_REQUEST_FAILED, programRequestInput } from '../../../shared/programs';
import { requestProgram } from './programs.service';

export const programRequestRoutes = new Hono<AppEnv>().post(
  '/',
  access('own'),
  validate('json', programRequestInput),
  staffNoticeLimit,
  async (c) => {
    const result = await requestProgram(c.var.deps, c.var.scope, c.req.valid('json'));
    return result.ok ? c.json({ id: result.id }, 201) : c.json({ error: PROGRAM_REQUEST_FAILED }, 502);
  },
);
