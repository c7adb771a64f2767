import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextIp, TEST_APP_URL, type TestAgent, type TestApp } from '../test-app';
import { registeredEndpoints } from './registered-routes';

// Every body but a multipart upload's is held to 1 MB, refused with a 413 before it is read whole.
let t: TestApp;
let admin: { id: string; agent: TestAgent };

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createSignedInUser({ role: 'admin' });
  admin = { id: a.user.id, agent: a.agent };
});
afterAll(() => t?.close());

const MB = 1024 * 1024;

/** A body of `total` bytes made as it is read, counting what the app pulled of it. */
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** Sends `total` bytes as a stream, with or without a Content-Length saying so. */
async function sendBig(method: string, path: string, total: number, declared: boolean) {
  const body = lazyBody(total);
  const headers = new Headers({
    origin: TEST_APP_URL,
    cookie: admin.agent.cookie ?? '',
    'content-type': 'application/json',
  });
  if (declared) headers.set('content-length', String(total));
  const req = new Request(`${TEST_APP_URL}${path}`, {
    method,
    headers,
    body: body.stream,
    duplex: 'half',
  } as RequestInit);
  const res = await t.app.request(req, undefined, { incoming: { socket: { remoteAddress: nextIp() } } });
  return {
    status: res.status,
    json: (await res.json().catch(() => null)) as { error?: string } | null,
    pulled: body.pulled(),
  };
}

describe('the 1 MB limit on request bodies', () => {
  it('holds for a PATCH or POST to a path that only ends in /upload: 413 without reading the body whole', async () => {
    const total = 100 * MB;
    for (const [method, path] of [
      ['PATCH', '/api/automations/upload'],
      ['POST', '/api/automations/upload'],
      ['PATCH', `/api/clients/${admin.id}/documents/upload`],
      ['POST', `/api/clients/${admin.id}/bank-accounts/upload`],
    ]) {
      // Declared too large: refused before a byte is read.
      const declared = await sendBig(method, path, total, true);
      expect([declared.status, declared.json?.error], `${method} ${path}`).toEqual([413, 'The request is too large.']);
      expect(declared.pulled, `${method} ${path}`).toBeLessThan(2 * MB);
    }
    // Undeclared (chunked): read up to the limit, then refused.
    const chunked = await sendBig('PATCH', '/api/automations/upload', total, false);
    expect([chunked.status, chunked.json?.error]).toEqual([413, 'The request is too large.']);
    expect(chunked.pulled).toBeLessThan(2 * MB);
  });

  it('is lifted only for the routes that read a multipart form: every POST .../upload, and nothing else', () => {
    const endpoints = registeredEndpoints(t.app);
    const marked = endpoints.filter((e) => e.multipart).map((e) => `${e.method} ${e.path}`);
    const uploads = endpoints
      .filter((e) => e.method === 'POST' && e.path.endsWith('/upload'))
      .map((e) => `${e.method} ${e.path}`);
    expect(marked.sort()).toEqual(uploads.sort());
    expect(marked.length).toBeGreaterThanOrEqual(10);
  });
});
