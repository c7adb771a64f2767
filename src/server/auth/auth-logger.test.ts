import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { authLogLine, redactLogText } from './auth-logger';

describe("better-auth's log lines go through ours without values", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    for (const method of ['log', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    }
    t = await createTestApp({ LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await t?.close();
    vi.restoreAllMocks();
  });

  it('logs a failed session insert (a database error) with neither its parameters nor the user', async () => {
    const { email, password, user } = await t.createSignedInUser();
    const ip = '10.123.45.67';
    // Every new session now fails in the database, as an outage or a constraint would.
    await t.db.execute(
      sql`create function refuse_session() returns trigger language plpgsql as $$ begin raise exception 'no sessions today'; end $$`,
    );
    await t.db.execute(
      sql`create trigger refuse_session before insert on auth_sessions for each row execute function refuse_session()`,
    );
    lines.length = 0;
    try {
      const res = await t.request('POST', '/api/auth/sign-in/email', {
        ip,
        headers: { 'user-agent': 'Agent-Smith/1.0' },
        json: { email, password },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await t.db.execute(sql`drop trigger refuse_session on auth_sessions`);
    }
    const logged = lines.filter((l) => l.includes('better-auth:'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((l) => /insert into "auth_sessions"|no sessions today|Failed to create session/.test(l))).toBe(
      true,
    );
    for (const line of logged) {
      for (const secret of [user.id, email, ip, 'Agent-Smith', 'params:']) expect(line, line).not.toContain(secret);
      expect(line).toMatch(/^\S+ (DEBUG|INFO|WARN|ERROR) (\[[\w.:-]+\] )?better-auth:/); // our format
    }
    // Nothing printed by better-auth's own console logger.
    expect(lines.filter((l) => l.includes('[Better Auth]'))).toEqual([]);
  });

  it('logs a sign-up attempt for an existing e-mail without the address', async () => {
    const { email } = await t.createSignedInUser();
    lines.length = 0;
    expect((await t.signUp({ email, password: 'secret123' })).status).toBe(200);
    await t.mailer.settle();
    const logged = lines.filter((l) => l.includes('better-auth:'));
    expect(logged.some((l) => l.includes('Sign-up attempt for existing email: [email]'))).toBe(true);
    // (The console mailer prints its recipient by design: that is the developer's outbox.)
    for (const line of logged) expect(line.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('redacts parameters, quoted values, ids, addresses and e-mails, keeping SQL and identifiers', () => {
    const drizzle = Object.assign(
      new Error(
        'Failed query: insert into "auth_sessions" ("id", "token", "user_id") values ($1, $2, $3)\nparams: 7Hq2kLmN9pQrStUv,tok3nV4lu3xYz12345,u1d2e3f4g5h6i7j8',
      ),
      {
        name: 'DrizzleQueryError',
        cause: Object.assign(new Error('invalid input syntax for type uuid: "not-a-uuid"'), { code: '22P02' }),
      },
    );
    const line = authLogLine('Failed to create session', [
      drizzle,
      { email: 'someone@example.test' },
      'jane@example.test',
    ]);
    expect(line).toBe(
      'better-auth: Failed to create session [DrizzleQueryError: Failed query: insert into "auth_sessions" ("id", "token", "user_id") values ($1, $2, $3) ' +
        '(cause: Error 22P02: invalid input syntax for type uuid: "[redacted]")]',
    );
    expect(redactLogText('Sign-up attempt for existing email: Jane.Doe+x@Example.test')).toBe(
      'Sign-up attempt for existing email: [email]',
    );
    expect(redactLogText("where email = 'jane' and id = 'abc'")).toBe(
      "where email = '[redacted]' and id = '[redacted]'",
    );
    expect(
      redactLogText(
        'session 3f1c2a9e-4b7d-4c8e-9f00-123456789abc for user aB3dE5fG7hJ9kL1mN3pQ5rS7 from 192.168.1.20 and ::1',
      ),
    ).toBe('session [redacted] for user [redacted] from [address] and [address]');
    expect(redactLogText('duplicate key value violates unique constraint "auth_users_email_idx"')).toBe(
      'duplicate key value violates unique constraint "auth_users_email_idx"',
    );
  });
});
