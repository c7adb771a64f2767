import http from 'node:http';
import type { AddressInfo } from 'node:net';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'upgrade'];

function strip(headers: http.IncomingHttpHeaders) {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

let counter = 0;

/**
 * A loopback address of its own for every test: 127.<worker>.<n>.<n>. The portal rate-limits
 * sign-in, password reset and session reads per client address, as it must; a whole suite from
 * one address would look like one very busy visitor. Distinct addresses make each test one
 * visitor, which is what it models.
 */
export function nextClientIp(workerIndex: number) {
  counter += 1;
  return `127.${(workerIndex % 250) + 1}.${Math.floor(counter / 254) % 256}.${(counter % 254) + 1}`;
}

/**
 * A plain HTTP forward proxy for one browser context that opens every upstream connection from
 * `localAddress`, so the servers see that address as the client's. Plain HTTP to loopback only:
 * CONNECT (HTTPS tunnels) is refused, so nothing leaves the machine.
 */
export async function startClientIpProxy(localAddress: string) {
  // No keep-alive upstream: a reused connection that the server closes at its idle timeout just as
  // a request goes out fails with ECONNRESET, which the browser would retry but this proxy cannot
  // (the body is streamed); the test then saw a 502 ('Error' on the sign-up form).
  const agent = new http.Agent({ keepAlive: false, localAddress });
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URL expected');
      return;
    }
    const host = target.hostname === 'localhost' ? '127.0.0.1' : target.hostname.replace(/^\[|\]$/g, '');
    if (target.protocol !== 'http:' || !/^127\./.test(host)) {
      res.writeHead(403).end('the e2e proxy only forwards to loopback');
      return;
    }
    const upstream = http.request(
      {
        host,
        port: Number(target.port || 80),
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: strip(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, strip(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`e2e proxy: ${e.message}`);
    });
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
