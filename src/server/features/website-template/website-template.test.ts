import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, websiteTemplates } from '../../db/schema';
import { NO_TEMPLATE, TEMPLATE_MAX_BYTES, TEMPLATE_TOO_LARGE } from '../../../shared/web-presence';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { TEMPLATE_FRAME_CSP } from './website-template.routes';
import { SECURITY_HEADERS } from '../../middleware/security';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const url = (clientId: string) => `/api/clients/${clientId}/website-template`;
const hostile =
  '<h1>Alpha Widgets</h1><script>alert(1)</script><img src=x onerror="alert(2)"><a href="https://elsewhere.example.test/">elsewhere</a>';

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Staff Admin');
});
afterAll(() => t?.close());

const save = (agent: TestAgent, clientId: string, htmlCode: unknown) =>
  agent.request('PUT', url(clientId), { json: { htmlCode } });

describe('website template', () => {
  it("is null until saved; a save inserts, the next replaces the one row; the client's own saves are not audited", async () => {
    expect(await (await a.agent.get(url(a.id))).json()).toEqual({ template: null });
    const first = await save(a.agent, a.id, '<p>First</p>');
    expect(first.status).toBe(200);
    expect((await first.json()).template.htmlCode).toBe('<p>First</p>');
    expect((await save(a.agent, a.id, hostile)).status).toBe(200);
    const rows = await t.db.select().from(websiteTemplates).where(eq(websiteTemplates.userId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].htmlCode).toBe(hostile);
    expect((await (await a.agent.get(url(a.id))).json()).template.htmlCode).toBe(hostile);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id))).toEqual([]);
  });

  it('serves the frame as HTML under its own CSP: no script, no network, sandboxed, never sniffed', async () => {
    const res = await a.agent.get(`${url(a.id)}/frame`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(TEMPLATE_FRAME_CSP);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v.join(' ')]),
    );
    expect(directives['default-src']).toBe("'none'");
    expect(directives['img-src']).toBe('data:');
    expect(directives['style-src']).toBe("'unsafe-inline'");
    expect(directives['frame-ancestors']).toBe("'self'");
    expect('sandbox' in directives && directives.sandbox).toBe('');
    expect(directives['script-src']).toBeUndefined();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(hostile);
  });

  it("keeps the frame's own policy over the portal's, which every other answer carries (through a real server)", async () => {
    // The portal's security headers are set on Node's response (server.ts), so this goes over HTTP.
    const http = await t.overHttp();
    const get = (path: string) => http.request('GET', path, { cookie: a.agent.cookie });
    try {
      for (const path of [url(a.id), '/api/health', '/api/no-such-route']) {
        const res = await get(path);
        for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name), `${path}: ${name}`).toBe(value);
      }
      const frame = await get(`${url(a.id)}/frame`);
      expect(frame.status).toBe(200);
      expect(frame.headers.get('content-security-policy')).toBe(TEMPLATE_FRAME_CSP);
      expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(frame.headers.get('referrer-policy')).toBe('no-referrer');
      // The portal's others are still there.
      expect(frame.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    } finally {
      await http.close();
    }
  });

  it('without a template the frame says so', async () => {
    const res = await b.agent.get(`${url(b.id)}/frame`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(TEMPLATE_FRAME_CSP);
    expect(await res.text()).toContain(NO_TEMPLATE.replace(/'/g, '&#39;'));
  });

  it(`refuses a template over ${TEMPLATE_MAX_BYTES / 1024} KB (counted in UTF-8 bytes) in plain words, keeping the saved one`, async () => {
    const at = 'x'.repeat(TEMPLATE_MAX_BYTES);
    expect((await save(b.agent, b.id, at)).status).toBe(200);
    // 'é' is two bytes: under the limit in characters, over it in bytes.
    for (const tooBig of ['x'.repeat(TEMPLATE_MAX_BYTES + 1), 'é'.repeat(TEMPLATE_MAX_BYTES / 2 + 1)]) {
      const res = await save(b.agent, b.id, tooBig);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(TEMPLATE_TOO_LARGE);
    }
    const [row] = await t.db.select().from(websiteTemplates).where(eq(websiteTemplates.userId, b.id));
    expect(row.htmlCode).toBe(at);
    // Over the API's 1 MB body limit: refused before it is read.
    const huge = await save(b.agent, b.id, 'x'.repeat(1100 * 1024));
    expect(huge.status).toBe(413);
    for (const bad of [undefined, 42, null]) expect((await save(b.agent, b.id, bad)).status).toBe(400);
  });

  it("keeps clients apart: another client's template is a 404 to read, frame or write", async () => {
    expect((await b.agent.get(url(a.id))).status).toBe(404);
    expect((await b.agent.get(`${url(a.id)}/frame`)).status).toBe(404);
    expect((await save(b.agent, a.id, '<p>Bravo was here</p>')).status).toBe(404);
    expect((await t.request('GET', `${url(a.id)}/frame`)).status).toBe(401);
    const [row] = await t.db.select().from(websiteTemplates).where(eq(websiteTemplates.userId, a.id));
    expect(row.htmlCode).toBe(hostile);
  });

  it("lets an admin read and save a client's template, audited with who saved it", async () => {
    expect((await (await admin.agent.get(url(a.id))).json()).template.htmlCode).toBe(hostile);
    const res = await save(admin.agent, a.id, '<p>Edited by staff</p>');
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(websiteTemplates).where(eq(websiteTemplates.userId, a.id));
    expect(row).toMatchObject({ htmlCode: '<p>Edited by staff</p>', updatedBy: admin.id });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'website_template')));
    expect(entries.map((e) => [e.action, e.actorId, e.entityId])).toEqual([['update', admin.id, a.id]]);
    expect((await admin.agent.get(url('no-such-client'))).status).toBe(404);
  });
});
