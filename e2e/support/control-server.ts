import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailServer } from './mail-server';
import type { OidcServer } from './oidc-server';

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * The test workers' window into the setup process: the mails received so far and switches for the
 * OpenID provider. Loopback only; it exists for the length of one test run.
 */
export async function startControlServer(deps: { mail: MailServer; oidc: OidcServer }) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/mails')
        return reply(200, deps.mail.mailsTo(url.searchParams.get('to') ?? ''));
      if (req.method === 'POST' && url.pathname === '/oidc/user') {
        const body = await readJson(req);
        deps.oidc.setUser({ sub: String(body.sub), email: String(body.email), name: String(body.name) });
        return reply(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/oidc/fail-next') {
        const body = await readJson(req);
        deps.oidc.failNext({
          error: String(body.error ?? 'access_denied'),
          description: body.description ? String(body.description) : undefined,
        });
        return reply(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/oidc/reset') {
        deps.oidc.reset();
        return reply(200, { ok: true });
      }
      reply(404, { error: 'not found' });
    } catch (e) {
      reply(500, { error: e instanceof Error ? e.message : String(e) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
