import http from 'node:http';

/**
 * POSTs JSON to the portal from `localAddress` (a loopback address of the caller's choosing), as
 * the browser's origin: many visitors from one test, for the limits kept per client address.
 * Resolves with the status.
 */
export function postFrom(localAddress: string, baseUrl: string, path: string, body: unknown): Promise<number> {
  const url = new URL(path, baseUrl);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: url.origin },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
