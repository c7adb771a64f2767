import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service stand-in for tests: a local HTTP server that keeps each POST it receives and
 * answers the status the test sets. Its subscriptions are made here, with a real P-256 key pair
 * and auth secret, so a test can decrypt what the portal sent (RFC 8291 over RFC 8188 aes128gcm)
 * and check its VAPID signature (RFC 8292), as a browser's push service and the browser would.
 */
export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export async function startPushEndpoint() {
  const received: ReceivedPush[] = [];
  const waiting: (() => void)[] = [];
  let status = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
      waiting.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** The status every later push is answered with (201 Created, as push services answer). */
    answer: (s: number) => {
      status = s;
    },
    /** Resolves once `n` pushes have arrived in all (rejects after `ms`). */
    async waitFor(n: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${received.length} pushes arrived, expected ${n}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, n);
    },
    /** A browser's subscription at this endpoint, with the private half kept for decrypting. */
    subscription(name = randomBytes(8).toString('hex')) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        json: {
          endpoint: `${origin}/push/${name}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        decrypt: (body: Buffer) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the browser does with a push: RFC 8291's keys from the ECDH secret and auth secret, then RFC 8188's record. */
function decryptAes128gcm(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record: a push payload is one');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * The VAPID claims of a push's `Authorization: vapid t=<JWT>, k=<public key>` header, after
 * checking the JWT's ES256 signature with that key.
 */
export function verifyVapid(authorization: string | undefined): { publicKey: string; claims: Record<string, unknown> } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  return {
    publicKey: k,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}
