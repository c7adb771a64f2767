import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, IMMUTABLE, REVALIDATE, serveWebApp } from './static';
import { MOBILE_NOTICE_DISMISSED_COOKIE } from '../shared/mobile-notice';

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('serveWebApp', () => {
  let root: string;
  const app = new Hono();
  const js = 'export const answer = 42;\n'.repeat(200);
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-test-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.mkdirSync(path.join(root, '.vite'));
    fs.writeFileSync(path.join(root, 'index.html'), html);
    fs.writeFileSync(path.join(root, '.vite/manifest.json'), '{}');
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
    const file = path.join(root, 'assets/index-abc123.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
    app.get('/api/health', (c) => c.json({ ok: true }));
    expect(serveWebApp(app, root)).toBe(true);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => app.request(p, { method, headers });

  it('sends a hashed asset in the best encoding asked for, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(js);

    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBody = Buffer.from(await gz.arrayBuffer());
    expect(Number(gz.headers.get('content-length'))).toBe(gzBody.length);
    expect(zlib.gunzipSync(gzBody).toString()).toBe(js);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(js));
    // One ETag per representation.
    expect(new Set([br.headers.get('etag'), gz.headers.get('etag'), plain.headers.get('etag')]).size).toBe(3);
  });

  it('answers HEAD with the headers only and If-None-Match with 304', async () => {
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const again = await get('/assets/index-abc123.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': head.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  it('serves index.html for the page and every client route, revalidated on each load', async () => {
    for (const p of ['/', '/signin', '/compliance', '/index.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(REVALIDATE);
      expect(await res.text()).toBe(html);
    }
    const svg = await get('/favicon.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe(REVALIDATE);
  });

  it('answers 404 for an unknown asset and never serves the build notes', async () => {
    const missing = await get('/assets/index-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
    expect(await (await get('/.vite/manifest.json')).text()).toBe(html);
    expect(await (await get('/assets/../index.html')).text()).toBe(html);
    expect((await get('/api/health')).status).toBe(200);
  });
});

describe('serveWebApp with the session in the page', () => {
  let root: string;
  const app = new Hono();
  const html = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
  const user = { id: 'u1', name: 'Ana </script><script>alert(1)</script> & Co\u2028', role: 'client' };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-session-test-'));
    fs.writeFileSync(path.join(root, 'index.html'), html);
    fs.mkdirSync(path.join(root, '.vite'));
    fs.writeFileSync(
      path.join(root, '.vite/route-preloads.json'),
      JSON.stringify({ '/compliance': ['/assets/app-1.js', '/assets/compliance-page-2.js'] }),
    );
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
    // A stand-in for the session cache: the cookie 's=ok' is a session, any other is none.
    serveWebApp(app, root, async (headers) =>
      (headers.get('cookie') ?? '').split('; ').includes('s=ok') ? user : null,
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("writes a signed-in user's session into the page as inert JSON, never cached", async () => {
    const res = await app.request('/compliance', { headers: { cookie: 's=ok' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Cookie');
    const body = await res.text();
    const block = /<script type="application\/json" id="portal-session">(.*?)<\/script><\/head>/.exec(body);
    expect(block).not.toBeNull();
    // Nothing in the user's data can close the element or start markup.
    expect(block![1]).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(block![1])).toEqual({ user });
    expect(body).toContain('<div id="root"></div>');
  });

  it("names a signed-in page's chunks as modulepreload links beside the entry; none for other paths or a guest", async () => {
    const body = await (await app.request('/compliance', { headers: { cookie: 's=ok' } })).text();
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-1.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/compliance-page-2.js"><script type="application/json" id="portal-session">',
    );
    for (const p of ['/', '/signin', '/constructor', '/__proto__']) {
      const other = await (await app.request(p, { headers: { cookie: 's=ok' } })).text();
      expect(other, p).not.toContain('modulepreload');
      expect(other, p).toContain('id="portal-session"');
    }
    expect(await (await app.request('/compliance')).text()).toBe(html);
  });

  it("marks a signed-in page for the phone's first paint of the notice, unless the notice was dismissed", async () => {
    const marked = await (await app.request('/', { headers: { cookie: 's=ok' } })).text();
    expect(marked).toMatch(/^<!doctype html><html data-first-paint><head>/);
    const dismissed = await (
      await app.request('/', { headers: { cookie: `s=ok; ${MOBILE_NOTICE_DISMISSED_COOKIE}=1` } })
    ).text();
    expect(dismissed).toMatch(/^<!doctype html><html><head>/);
    expect(dismissed).toContain('id="portal-session"');
    expect(await (await app.request('/')).text()).toBe(html);
  });

  it('sends the plain, revalidated page to a guest and for a cookie without a session; files stay files', async () => {
    for (const headers of [{}, { cookie: 's=expired' }] as Record<string, string>[]) {
      const res = await app.request('/', { headers });
      expect(res.headers.get('cache-control')).toBe(REVALIDATE);
      expect(await res.text()).toBe(html);
    }
    expect(await (await app.request('/favicon.svg', { headers: { cookie: 's=ok' } })).text()).toBe('<svg/>');
  });
});
