import type { z } from 'zod';
import type { Deps } from '../app-env';
import type { Scope } from '../middleware/access';
import { localIsoDate } from '../../shared/format';

/** What the demo's area files get: the app's dependencies, the demo people, and the clock. */
export type DemoContext = {
  deps: Deps;
  now: Date;
  admin: { id: string };
  /** Demo client 1: the build-out a few weeks in, with records in every area. */
  client: { id: string };
  /** Demo client 2: a member, early in the build-out. */
  member: { id: string };
};

/** An admin acting for a client, as access('own') sets it for an admin's request. */
export const staffScope = (ctx: DemoContext, clientId: string): Scope => ({
  clientId,
  actorId: ctx.admin.id,
  isAdmin: true,
});
/** A client acting for themselves. */
export const ownScope = (clientId: string): Scope => ({ clientId, actorId: clientId, isAdmin: false });

/**
 * Inputs go through the routes' own schemas: what the demo stores is what a form could have sent.
 * A demo value the schema refuses is a bug in the demo, so this throws.
 */
export const parse = <S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> => schema.parse(input);

const DAY_MS = 24 * 60 * 60 * 1000;
/** The moment `days` days before ctx.now (dates are relative to the day the demo is made). */
export const daysAgo = (ctx: DemoContext, days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
/** YYYY-MM-DD `days` days before (negative: after) ctx.now, by the server's calendar. */
export const dayIso = (ctx: DemoContext, days: number) => localIsoDate(daysAgo(ctx, days));
