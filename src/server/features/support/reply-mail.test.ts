import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { SupportMessage } from '../../../shared/support';
import { runSupportReplyMail } from './reply-mail-job';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let admin: Who;
const MIN = 60_000;
const base = (clientId: string) => `/api/clients/${clientId}/support`;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

async function client() {
  const u = await t.createSignedInUser({ role: 'client', name: 'Mail Client' });
  return { id: u.user.id, email: u.email, agent: u.agent };
}
async function send(who: Who, clientId: string, body: string) {
  const res = await who.agent.post(`${base(clientId)}/messages`, { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).message as SupportMessage;
}
const run = (offsetMs: number) =>
  runSupportReplyMail({ db: t.db, mailer: t.mailer, config: t.config, now: new Date(Date.now() + offsetMs) });
const mailsTo = async (email: string) =>
  (await t.outbox(email)).filter((m) => m.subject.includes('Support has replied'));

describe('support reply e-mail', () => {
  it('sends one e-mail when a reply stays unread for 5 minutes, then at most one an hour', async () => {
    const c = await client();
    await send(c, c.id, 'Question');
    await send(admin, c.id, 'Answer');
    await run(1 * MIN);
    expect(await mailsTo(c.email)).toHaveLength(0);
    await run(6 * MIN);
    const [mail, ...more] = await mailsTo(c.email);
    expect(more).toHaveLength(0);
    expect(t.linkIn(mail)).toBe(`${t.config.appUrl}/support`);
    expect(mail.text).not.toContain('Answer');
    await run(7 * MIN);
    expect(await mailsTo(c.email)).toHaveLength(1);

    // A newer reply within the hour waits for the hour to pass.
    await send(admin, c.id, 'Another answer');
    await run(20 * MIN);
    expect(await mailsTo(c.email)).toHaveLength(1);
    await run(70 * MIN);
    expect(await mailsTo(c.email)).toHaveLength(2);
    await run(140 * MIN);
    expect(await mailsTo(c.email)).toHaveLength(2);
  });

  it('sends nothing when the client read the reply in time, or when their e-mail alerts are off', async () => {
    const reader = await client();
    await send(reader, reader.id, 'Q');
    const reply = await send(admin, reader.id, 'A');
    await reader.agent.post(`${base(reader.id)}/read`, { upTo: reply.id });
    await run(10 * MIN);
    expect(await mailsTo(reader.email)).toHaveLength(0);

    const quiet = await client();
    await t.db
      .insert(users)
      .values({ id: quiet.id, emailAlertEnabled: false })
      .onConflictDoUpdate({ target: users.id, set: { emailAlertEnabled: false } });
    await send(quiet, quiet.id, 'Q');
    await send(admin, quiet.id, 'A');
    await run(10 * MIN);
    expect(await mailsTo(quiet.email)).toHaveLength(0);

    // A conversation where only the client wrote has no reply to tell about.
    const alone = await client();
    await send(alone, alone.id, 'Anyone there?');
    await run(10 * MIN);
    expect(await mailsTo(alone.email)).toHaveLength(0);
  });

  it('two passes at once (two instances) send the e-mail once', async () => {
    const c = await client();
    await send(c, c.id, 'Q');
    await send(admin, c.id, 'A');
    const now = new Date(Date.now() + 6 * MIN);
    const results = await Promise.all(
      [1, 2, 3].map(() => runSupportReplyMail({ db: t.db, mailer: t.mailer, config: t.config, now })),
    );
    expect(results.reduce((n, r) => n + r.mails, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });
});
