import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCompliance, fundabilityScores, users, weeklyDigests } from '../../db/schema';
import { sharedSecret } from '../../db/open';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runWeeklyDigest } from './digest-job';
import { digestWeek } from './digest-week';

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
// Monday 3 June 2030, 09:00 in New York (EDT, UTC-4), the default business time zone.
const MONDAY = new Date('2030-06-03T13:00:00Z');
const at = (days: number, from = MONDAY) => new Date(from.getTime() + days * DAY);
const run = (now: Date, app: TestApp = t, more: { batchSize?: number } = {}) =>
  runWeeklyDigest({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    keyring: app.keyring,
    log: app.log,
    now,
    ...more,
  });

type Task = {
  name: string;
  due?: Date | null;
  status?: 'Awaiting Completion' | 'Submitted' | 'Completed';
  request?: boolean;
  created?: Date;
};
async function client(tasks: Task[] = [], scores: { score: number; at: Date }[] = []) {
  const { user, email, agent } = await t.createSignedInUser({ role: 'client', name: 'Digest Client' });
  if (tasks.length)
    await t.db.insert(businessCompliance).values(
      tasks.map((x) => ({
        userId: user.id,
        taskName: x.name,
        taskDueDate: x.due ?? null,
        taskStatus: x.status ?? ('Awaiting Completion' as const),
        kind: x.request ? ('document_request' as const) : ('task' as const),
        ...(x.created ? { createdAt: x.created } : {}),
      })),
    );
  if (scores.length)
    await t.db
      .insert(fundabilityScores)
      .values(scores.map((s) => ({ userId: user.id, score: s.score, checks: [], computedAt: s.at })));
  return { id: user.id, email, agent };
}
const digests = async (email: string) => {
  await t.mailer.settle();
  return (await t.outbox(email)).filter((r) => r.subject.includes('Your week'));
};
const tokenOf = (text: string) => /\/api\/digest\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(text)![1];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('weekly digest', () => {
  it("lists the week's due tasks, overdue tasks and requests, new requests and the score change, with both parts and the unsubscribe link", async () => {
    const c = await client(
      [
        { name: 'File the annual report', due: at(2) }, // Wednesday
        { name: 'Sunday filing', due: new Date('2030-06-10T03:00:00Z') }, // Sunday 23:00 New York
        { name: 'Next week task', due: new Date('2030-06-10T05:00:00Z') }, // Monday 01:00 New York
        { name: 'Pay franchise tax', due: at(-3) },
        { name: 'Bank statement', due: at(-1), request: true, created: at(-20) },
        { name: 'Done long ago', due: at(-5), status: 'Completed' },
        { name: 'Uploaded, in review', due: at(-5), status: 'Submitted', request: true },
        { name: 'Articles of organization', request: true, created: at(-3) },
        { name: 'Old request', request: true, created: at(-10) },
        { name: 'No date', due: null },
      ],
      [
        { score: 50, at: at(-30) },
        { score: 55, at: at(-8) },
        { score: 62, at: at(-2) },
      ],
    );
    await run(MONDAY);
    const [mail, ...more] = await digests(c.email);
    expect(more).toEqual([]);
    const app = t.config.appUrl;
    expect(mail.text).toMatch(
      /Overdue:\n- Pay franchise tax - was due May 31, 2030: .*\n- Document requested: Bank statement/,
    );
    expect(mail.text).toContain('Due this week:\n- File the annual report - due Jun 5, 2030');
    expect(mail.text).toContain('- Sunday filing - due Jun 9, 2030');
    expect(mail.text).not.toContain('Next week task');
    expect(mail.text).not.toContain('Done long ago');
    expect(mail.text).not.toContain('Uploaded, in review');
    expect(mail.text).not.toContain('No date');
    expect(mail.text).toContain('New document requests:\n- Articles of organization - requested May 31, 2030');
    expect(mail.text).not.toContain('Old request');
    expect(mail.text).toContain('Your fundability score is 62, up 7 from 55 a week ago.');
    expect(mail.text).toMatch(new RegExp(`${app}/compliance\\?task=\\d+`));
    expect(mail.subject).toContain('2 overdue, 2 due this week, 1 new document request, fundability score changed');
    const unsubscribe = `${app}/api/digest/unsubscribe?token=${tokenOf(mail.text)}`;
    expect(mail.text).toContain(unsubscribe);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.html).toContain('<h3 style="margin-bottom:4px">Overdue</h3>');
    expect(mail.html).toMatch(/<a href="[^"]+\/compliance\?task=\d+">File the annual report<\/a>/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    await import('node:fs').then((fs) => {
      fs.mkdirSync('/tmp/digest', { recursive: true });
      fs.writeFileSync('/tmp/digest/mail.html', mail.html);
    });

    // Later the same week: the week is had.
    await run(at(0.2));
    await run(at(3));
    expect(await digests(c.email)).toHaveLength(1);
  });

  it('sends nothing when there is nothing to say (an unchanged score is not news); the week is still claimed', async () => {
    const quiet = await client(
      [{ name: 'Far away', due: at(30) }],
      [
        { score: 40, at: at(-20) },
        { score: 40, at: at(-1) },
      ],
    );
    const firstScore = await client([], [{ score: 70, at: at(-1) }]);
    await run(MONDAY);
    expect(await digests(quiet.email)).toEqual([]);
    expect(await digests(firstScore.email)).toEqual([]);
    const [row] = await t.db.select().from(weeklyDigests).where(eq(weeklyDigests.userId, quiet.id));
    expect(row).toMatchObject({ weekStart: '2030-06-03', mailedAt: null });
  });

  it('sends nothing with the preference off (saved on My Account); staff and admins get none', async () => {
    const off = await client([{ name: 'Overdue but quiet', due: at(-2) }]);
    const res = await off.agent.request('PUT', `/api/clients/${off.id}/preferences`, {
      json: { pushAlertEnabled: true, emailAlertEnabled: true, weeklyDigestEnabled: false },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).preferences).toEqual({
      pushAlertEnabled: true,
      emailAlertEnabled: true,
      weeklyDigestEnabled: false,
    });
    // A save without the field (an older page) keeps it.
    await off.agent.request('PUT', `/api/clients/${off.id}/preferences`, {
      json: { pushAlertEnabled: false, emailAlertEnabled: true },
    });
    expect((await (await off.agent.get(`/api/clients/${off.id}/preferences`)).json()).preferences).toEqual({
      pushAlertEnabled: false,
      emailAlertEnabled: true,
      weeklyDigestEnabled: false,
    });
    const staff = await t.createSignedInUser({ role: 'admin' });
    await t.db
      .insert(businessCompliance)
      .values({ userId: staff.user.id, taskName: 'Admin task', taskDueDate: at(-1) });
    await run(at(7));
    expect(await digests(off.email)).toEqual([]);
    expect(await digests(staff.email)).toEqual([]);
  });

  it('defaults on: a client without a users row gets it', async () => {
    const c = await client([{ name: 'No row yet', due: at(15) }]);
    await t.db.delete(users).where(eq(users.id, c.id));
    expect((await (await c.agent.get(`/api/clients/${c.id}/preferences`)).json()).preferences.weeklyDigestEnabled).toBe(
      true,
    );
    await run(at(14));
    expect(await digests(c.email)).toHaveLength(1);
  });

  it('sends once per client and week when two instances run at the same moment', async () => {
    const week = at(21);
    const cs = await Promise.all([1, 2, 3].map((i) => client([{ name: `Concurrent ${i}`, due: at(1, week) }])));
    // A second instance: its own app and mailer on the same database (left open: closing it closes the database).
    const other = await createTestApp({}, { database: t.database });
    const results = await Promise.all([run(week), run(week, other), run(week)]);
    await other.mailer.settle();
    for (const c of cs) expect(await digests(c.email)).toHaveLength(1);
    // Each client (these and earlier tests') was claimed by exactly one of the runs.
    const claimed = results.reduce((n, r) => n + r.clients, 0);
    const rows = await t.db.select().from(weeklyDigests).where(eq(weeklyDigests.weekStart, '2030-06-24'));
    expect(claimed).toBe(rows.length);
  });

  it('goes by the business clock: not before Monday 08:00 New York; a Tuesday after a missed Monday sends that week once', async () => {
    const week = at(28); // Monday 1 July 2030
    const c = await client([{ name: 'Clock task', due: at(2, week) }]);
    expect(digestWeek(week, 'America/New_York')).toMatchObject({
      weekStart: '2030-07-01',
      start: new Date('2030-07-01T04:00:00Z'),
      sendFrom: new Date('2030-07-01T12:00:00Z'),
      end: new Date('2030-07-08T04:00:00Z'),
    });
    // Monday 00:30 and 07:59 in New York (already Monday 11:59 UTC): not yet.
    expect(await run(new Date('2030-07-01T04:30:00Z'))).toEqual({ mails: 0, clients: 0 });
    expect(await run(new Date('2030-07-01T11:59:00Z'))).toEqual({ mails: 0, clients: 0 });
    expect(await digests(c.email)).toEqual([]);
    // Monday missed altogether (the server was down): Tuesday's run sends the week's digest, once.
    await run(new Date('2030-07-02T15:00:00Z'));
    await run(new Date('2030-07-03T15:00:00Z'));
    expect(await digests(c.email)).toHaveLength(1);
    // The next Monday is a new week.
    await run(at(7, week));
    const all = await digests(c.email);
    expect(all).toHaveLength(2);
    expect(all[1].text).toContain('Overdue:\n- Clock task');
  });

  it('lists at most 10 per section with "and K more", and goes through clients in batches', async () => {
    const week = at(35);
    const many = await client(
      Array.from({ length: 13 }, (_, i) => ({ name: `Late task ${i + 1}`, due: at(-1 - i, week) })),
    );
    const small = await Promise.all([1, 2, 3, 4, 5].map((i) => client([{ name: `Small ${i}`, due: at(1, week) }])));
    await run(week, t, { batchSize: 2 });
    const [mail] = await digests(many.email);
    expect(mail.text.match(/- Late task/g)).toHaveLength(10);
    expect(mail.text).toContain(`- and 3 more: ${t.config.appUrl}/compliance`);
    expect(mail.html).toContain('and 3 more</a>');
    expect(mail.subject).toContain('13 overdue');
    for (const c of small) expect(await digests(c.email)).toHaveLength(1);
  });

  it('unsubscribes without signing in: GET confirms, POST (one-click) turns the preference off; bad tokens get a page', async () => {
    const week = at(42);
    const c = await client([{ name: 'Unsubscribe task', due: at(1, week) }]);
    await run(week);
    const [mail] = await digests(c.email);
    const token = tokenOf(mail.text);
    const path = `/api/digest/unsubscribe?token=${token}`;

    const confirm = await t.request('GET', path, { origin: null });
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('content-type')).toContain('text/html');
    const page = await confirm.text();
    expect(page).toContain('Unsubscribe from the weekly digest?');
    expect(page).toContain(`<form method="post" action="/api/digest/unsubscribe?token=${token}">`);
    // Opening the link changes nothing.
    expect((await (await c.agent.get(`/api/clients/${c.id}/preferences`)).json()).preferences.weeklyDigestEnabled).toBe(
      true,
    );

    const [id, sig] = token.split('.');
    const secret = t.config.authSecret ?? (await sharedSecret(t.db, 'auth_secret', t.keyring));
    const otherClient = await client();
    const forged = [
      `${id}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${Buffer.from(otherClient.id).toString('base64url')}.${sig}`,
      id,
      `${token}.x`,
      'not a token',
      // Signed with the real secret, for another purpose (a device cookie's).
      `${id}.${createHmac('sha256', secret).update(`device-cookie\u0000${c.id}`).digest('base64url')}`,
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await t.request(method, `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`, {
          origin: null,
        });
        expect(res.status, `${method} ${bad}`).toBe(400);
        expect(await res.text()).toContain('This unsubscribe link does not work');
      }
    }
    const missing = await t.request('GET', '/api/digest/unsubscribe', { origin: null });
    expect(missing.status).toBe(400);

    // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click", with no Origin and no cookie.
    const done = await t.request('POST', path, {
      origin: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await (await c.agent.get(`/api/clients/${c.id}/preferences`)).json()).preferences).toEqual({
      pushAlertEnabled: true,
      emailAlertEnabled: true,
      weeklyDigestEnabled: false,
    });
    // The other client's digest stays on; the unsubscribed one gets no more.
    expect(
      (await (await otherClient.agent.get(`/api/clients/${otherClient.id}/preferences`)).json()).preferences
        .weeklyDigestEnabled,
    ).toBe(true);
    await run(at(7, week));
    expect(await digests(c.email)).toHaveLength(1);
    // Again (a provider retries): still fine.
    expect((await t.request('POST', path, { origin: null })).status).toBe(200);
  });
});
