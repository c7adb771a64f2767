import type { StoredMail } from './mail-server';
import type { OidcFailure, OidcUser } from './oidc-server';
import { ENV, fromEnv } from './env';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${fromEnv(ENV.controlUrl)}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export type { StoredMail };

/** Every message the test SMTP server has received for this address, oldest first. */
export const mailsTo = (email: string) => call<StoredMail[]>('GET', `/mails?to=${encodeURIComponent(email)}`);

/** Waits until at least `count` messages reached `email`; returns them all. */
export async function waitForMails(email: string, count = 1, timeoutMs = 15_000): Promise<StoredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(email);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} mail(s) to ${email} within ${timeoutMs} ms, got ${mails.length}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The stand-in for Google: who signs in next, and whether the next consent is refused. */
export const google = {
  setUser: (user: OidcUser) => call('POST', '/oidc/user', user),
  failNext: (failure: OidcFailure) => call('POST', '/oidc/fail-next', failure),
  reset: () => call('POST', '/oidc/reset', {}),
};
