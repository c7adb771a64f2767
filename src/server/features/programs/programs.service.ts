import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../app-env';
import { authUsers, programRequests } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { programById, type programRequestInput } from '../../../shared/programs';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { programRequestMail } from './program-request-mail';
import { notifyStaff } from '../notifications/notifications.service';

export type RequestResult = { ok: true; id: number } | { ok: false; reason: 'mail' };

/**
 * Mails staff first and records the request only once the mail is safely queued, so a failed
 * request leaves nothing behind and the client can simply try again.
 */
export async function requestProgram(
  deps: Deps,
  scope: Scope,
  input: z.output<typeof programRequestInput>,
): Promise<RequestResult> {
  const program = programById(input.programId);
  if (!program) throw new Error(`unknown program ${input.programId}`); // the schema admits only known ids
  const [client] = await deps.db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(eq(authUsers.id, scope.clientId));
  if (!client) throw new Error(`client ${scope.clientId} vanished`); // access('own') checked it exists
  try {
    await deps.mailer.send(programRequestMail(deps.config.staffEmail, client, program, input.note));
  } catch (e) {
    deps.log.error(
      `program request mail for ${scope.clientId} could not be queued: ${e instanceof Error ? e.message : String(e)}`,
    );
    return { ok: false, reason: 'mail' };
  }
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programRequests)
      .values({ userId: scope.clientId, programId: program.id, note: input.note })
      .returning({ id: programRequests.id });
    await recordAudit(tx, scope, { action: 'create', entityType: 'program_request', entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'program_request' });
    await notifyStaff(tx, {
      kind: 'payment_request',
      clientId: scope.clientId,
      title: `${client.name || client.email} requested ${program.name}`,
      body: input.note ?? '',
      link: `/clients`,
    });
    return row.id;
  });
  return { ok: true, id };
}
