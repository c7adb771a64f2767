import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { clientIp } from '../../middleware/client-ip';
import { consumeRateLimit, keyHash, peekRateLimit, recordEvent } from '../../middleware/rate-limit';
import { LimitReachedError } from '../../lib/domain-errors';
import { sendStoredDownload } from '../../uploads/serve';
import {
  LINK_NOT_FOUND,
  PACKET_NOT_FOUND,
  packetBuildInput,
  packetLinkInput,
  packetLinkListQuery,
  packetListQuery,
} from '../../../shared/packets';
import { deletePacket, findPacket, listPackets, startPacketBuild } from './packets.service';
import { createLink, linkForToken, listLinks, recordLinkEvent, revokeLink } from './packet-links.service';
import { expiredPage, notFoundPage, sharePage } from './share-page';

/** /api/clients/:clientId/packets: the client's funding packets (the client, or staff for them). */
export const packetsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', packetListQuery), async (c) =>
    c.json(await listPackets(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  // Starts a build and answers at once (202): the page polls the packet for its progress.
  .post('/', access('own'), validate('json', packetBuildInput), async (c) => {
    const { db, storage, keyring, log, config } = c.var.deps;
    const { packet } = await startPacketBuild(
      { db, storage, keyring, log, maxBytes: config.packetMaxBytes, quotaBytes: config.storageQuotaBytes },
      c.var.scope,
      c.req.valid('json').documentIds,
    );
    return c.json({ packet }, 202);
  })
  .get('/:packetId', access('own'), async (c) => {
    const found = await findPacket(c.var.deps.db, c.var.scope.clientId, c.req.param('packetId'));
    return found ? c.json({ packet: found.packet }) : c.json({ error: PACKET_NOT_FOUND }, 404);
  })
  .get('/:packetId/packet.pdf', access('own'), async (c) => {
    const found = await findPacket(c.var.deps.db, c.var.scope.clientId, c.req.param('packetId'));
    if (!found?.pdfKey) return c.json({ error: PACKET_NOT_FOUND }, 404);
    return sendStoredDownload(
      c,
      { key: found.pdfKey, name: 'funding-packet.pdf', contentType: 'application/pdf' },
      PACKET_NOT_FOUND,
    );
  })
  .get('/:packetId/manifest.json', access('own'), async (c) => {
    const found = await findPacket(c.var.deps.db, c.var.scope.clientId, c.req.param('packetId'));
    if (!found?.manifestKey) return c.json({ error: PACKET_NOT_FOUND }, 404);
    return sendStoredDownload(
      c,
      { key: found.manifestKey, name: 'manifest.json', contentType: 'application/json' },
      PACKET_NOT_FOUND,
    );
  })
  .delete('/:packetId', access('own'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const deleted = await deletePacket(db, storage, c.var.scope, c.req.param('packetId'), log);
    return deleted ? c.json({ ok: true as const }) : c.json({ error: PACKET_NOT_FOUND }, 404);
  });

/** /api/clients/:clientId/packet-links: share links, with who opened them. */
export const packetLinksRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', packetLinkListQuery), async (c) =>
    c.json(await listLinks(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', packetLinkInput), async (c) =>
    c.json(await createLink(c.var.deps.db, c.var.deps.config.appUrl, c.var.scope, c.req.valid('json')), 201),
  )
  .post('/:linkId/revoke', access('own'), async (c) =>
    c.json({ link: await revokeLink(c.var.deps.db, c.var.scope, c.req.param('linkId')) }),
  );

/** Opens and downloads one token may make in the window: a lender's few visits, not a loop. */
export const SHARE_READS_PER_TOKEN = { windowSeconds: 15 * 60, max: 60 };
/** Addresses that name no link, per client address: guessing tokens stops here. */
export const SHARE_MISSES_PER_IP = { windowSeconds: 15 * 60, max: 30 };
const TOO_MANY = 'This link was opened too often. Please try again in a few minutes.';

const pageHeaders = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

type Target = 'page' | 'pdf' | 'manifest';

/**
 * The token's link if it is live, after the rate limits; otherwise the page that says why (an
 * expired or revoked link, or none), which is all such a request ever gets.
 */
async function openLink(c: Context<AppEnv>, target: Target) {
  const { db } = c.var.deps;
  const token = c.req.param('token') ?? '';
  const missKey = `packet-share-miss:${clientIp(c) ?? 'unknown'}`;
  const misses = await peekRateLimit(db, missKey, SHARE_MISSES_PER_IP.max);
  if (!misses.allowed) throw new LimitReachedError(TOO_MANY, 'rate', misses.retryAfter);
  const reads = await consumeRateLimit(
    db,
    `packet-share:${keyHash(token)}`,
    SHARE_READS_PER_TOKEN.windowSeconds,
    SHARE_READS_PER_TOKEN.max,
  );
  if (!reads.allowed) throw new LimitReachedError(TOO_MANY, 'rate', reads.retryAfter);
  const link = await linkForToken(db, token);
  if (!link) {
    await recordEvent(db, missKey, SHARE_MISSES_PER_IP.windowSeconds);
    return { refused: c.html(notFoundPage(), 404, pageHeaders) };
  }
  if (link.revokedAt || link.expiresAt.getTime() <= Date.now() || !link.pdfKey || !link.manifestKey)
    return { refused: c.html(expiredPage(!!link.revokedAt), 410, pageHeaders) };
  await recordLinkEvent(
    db,
    link,
    target === 'page' ? 'open' : target === 'pdf' ? 'download-pdf' : 'download-manifest',
    { ip: clientIp(c) ?? '', userAgent: c.req.header('user-agent') ?? '' },
  );
  return { link: { ...link, pdfKey: link.pdfKey, manifestKey: link.manifestKey } };
}

/**
 * /api/packet-share/<token>: a lender's read-only view of a shared packet, no sign-in (the token
 * is the credential, stored hashed), never indexed; every open and download is recorded.
 */
export const packetShareRoutes = new Hono<AppEnv>()
  .get('/:token', access('public'), async (c) => {
    const opened = await openLink(c, 'page');
    if ('refused' in opened) return opened.refused;
    return c.html(sharePage(c.req.param('token'), opened.link), 200, pageHeaders);
  })
  .get('/:token/packet.pdf', access('public'), async (c) => {
    const opened = await openLink(c, 'pdf');
    if ('refused' in opened) return opened.refused;
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return sendStoredDownload(
      c,
      { key: opened.link.pdfKey, name: 'funding-packet.pdf', contentType: 'application/pdf' },
      LINK_NOT_FOUND,
    );
  })
  .get('/:token/manifest.json', access('public'), async (c) => {
    const opened = await openLink(c, 'manifest');
    if ('refused' in opened) return opened.refused;
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return sendStoredDownload(
      c,
      { key: opened.link.manifestKey, name: 'manifest.json', contentType: 'application/json' },
      LINK_NOT_FOUND,
    );
  });
