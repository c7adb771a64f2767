import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundingPackets, packetLinkEvents, packetLinks } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { ConflictError, LimitReachedError, NotFoundError } from '../../lib/domain-errors';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import { columnOf, fromJson, isoText } from '../../lib/sql-json';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { formatDateTime } from '../../../shared/format';
import type { Page, PageQuery } from '../../../shared/paging';
import {
  LINK_EVENTS_SHOWN,
  LINK_NOT_FOUND,
  linkState,
  MAX_LIVE_LINKS,
  PACKET_NOT_FOUND,
  PACKET_NOT_READY,
  TOO_MANY_LINKS,
  type PacketLink,
  type PacketLinkCreated,
  type PacketLinkEvent,
  type PacketLinkEventKind,
} from '../../../shared/packets';
import { isPacketId } from './packets.service';

/** 32 random bytes, base64url: the link's only credential. */
const TOKEN_BYTES = 32;
const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** The stored form of a share token: its SHA-256, so a copy of the table opens no packet. */
const shareTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const shareUrl = (appUrl: string, token: string) => `${appUrl}/api/packet-share/${token}`;

const DAY_MS = 24 * 60 * 60 * 1000;

const linkColumns = {
  id: packetLinks.id,
  packetId: packetLinks.packetId,
  label: packetLinks.label,
  createdAt: packetLinks.createdAt,
  expiresAt: packetLinks.expiresAt,
  revokedAt: packetLinks.revokedAt,
  firstOpenedAt: packetLinks.firstOpenedAt,
};
type LinkRow = {
  id: string;
  packetId: string;
  label: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  firstOpenedAt: Date | null;
};

const toLink = (r: LinkRow, events: PacketLinkEvent[], eventCount: number, now = new Date()): PacketLink => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  firstOpenedAt: r.firstOpenedAt?.toISOString() ?? null,
  state: linkState(r, now),
  eventCount,
  events,
});

/**
 * The client's links, newest first, each with its newest events and their count: one statement
 * (the events as JSON built by the database, per row of the page only).
 */
export async function listLinks(db: Db, clientId: string, q: PageQuery): Promise<Page<PacketLink>> {
  const page = db
    .select({ ...linkColumns, total: totalOver().as('total') })
    .from(packetLinks)
    .where(eq(packetLinks.userId, clientId))
    .orderBy(desc(packetLinks.createdAt), desc(packetLinks.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset)
    .as('page');
  const ofLink = sql`e.link_id = ${columnOf('page', packetLinks.id)}`;
  const rows = await db
    .select({
      ...page._.selectedFields,
      events: sql<PacketLinkEvent[] | string | null>`(select json_agg(json_build_object(
          'kind', e.kind, 'at', ${isoText(sql`e.at`)}, 'ip', e.ip, 'userAgent', e.user_agent) order by e.at desc, e.id desc)
        from (select * from ${packetLinkEvents} e where ${ofLink} order by e.at desc, e.id desc limit ${LINK_EVENTS_SHOWN}) e)`,
      eventCount: sql<number>`(select count(*)::int from ${packetLinkEvents} e where ${ofLink})`.mapWith(Number),
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
  const now = new Date();
  return pageOf(
    q,
    rows,
    () => db.$count(packetLinks, eq(packetLinks.userId, clientId)),
    ({ total: _total, events, eventCount, ...r }) => toLink(r, fromJson(events, []), eventCount, now),
  );
}

/**
 * A link to a ready packet for `days` days. At most MAX_LIVE_LINKS live at once (counted under a
 * lock, so two at once cannot both pass). The address is answered once: only its hash is kept.
 */
export async function createLink(
  db: Db,
  appUrl: string,
  scope: Scope,
  input: { packetId: string; days: number; label: string },
  now = new Date(),
): Promise<PacketLinkCreated> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('packet_links'), hashtext(${scope.clientId}))`);
    const [packet] = await tx
      .select({ status: fundingPackets.status })
      .from(fundingPackets)
      .where(and(eq(fundingPackets.id, input.packetId), eq(fundingPackets.userId, scope.clientId)));
    if (!packet) throw new NotFoundError(PACKET_NOT_FOUND);
    if (packet.status !== 'ready') throw new ConflictError(PACKET_NOT_READY);
    const live = await tx.$count(
      packetLinks,
      and(eq(packetLinks.userId, scope.clientId), isNull(packetLinks.revokedAt), gt(packetLinks.expiresAt, now)),
    );
    if (live >= MAX_LIVE_LINKS) throw new LimitReachedError(TOO_MANY_LINKS);
    const [inserted] = await tx
      .insert(packetLinks)
      .values({
        id,
        packetId: input.packetId,
        userId: scope.clientId,
        tokenHash: shareTokenHash(token),
        label: input.label,
        createdBy: scope.actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      })
      .returning(linkColumns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'packet_link', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'packet_link' });
    return inserted;
  });
  return { link: toLink(row, [], 0, now), url: shareUrl(appUrl, token) };
}

/** Revokes a link: it answers "revoked" from now on. Revoking one already revoked is no change. */
export async function revokeLink(db: Db, scope: Scope, linkId: string | undefined): Promise<PacketLink> {
  if (!isPacketId(linkId)) throw new NotFoundError(LINK_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(packetLinks)
      .set({ revokedAt: sql`coalesce(${packetLinks.revokedAt}, now())` })
      .where(and(eq(packetLinks.id, linkId), eq(packetLinks.userId, scope.clientId)))
      .returning(linkColumns);
    if (!row) throw new NotFoundError(LINK_NOT_FOUND);
    await recordAudit(tx, scope, { action: 'update', entityType: 'packet_link', entityId: linkId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'packet_link' });
    return toLink(row, [], 0);
  });
}

/** What a token opens: the link, its packet's files and index; null when the token names no link. */
export async function linkForToken(db: Db, token: string) {
  if (!shareTokenPattern.test(token)) return null;
  const [row] = await db
    .select({
      ...linkColumns,
      userId: packetLinks.userId,
      pdfKey: fundingPackets.pdfKey,
      manifestKey: fundingPackets.manifestKey,
      pdfSize: fundingPackets.pdfSize,
      pdfSha256: fundingPackets.pdfSha256,
      items: fundingPackets.items,
      packetCreatedAt: fundingPackets.createdAt,
    })
    .from(packetLinks)
    .innerJoin(fundingPackets, eq(fundingPackets.id, packetLinks.packetId))
    .where(eq(packetLinks.tokenHash, shareTokenHash(token)));
  return row ?? null;
}

/**
 * Records an open or a download. The first open also claims `first_opened_at` (a conditional
 * update, so two opens at once tell the client once) and tells the client in the bell.
 */
export async function recordLinkEvent(
  db: Db,
  link: { id: string; userId: string; label: string },
  kind: PacketLinkEventKind,
  who: { ip: string; userAgent: string },
) {
  await db.transaction(async (tx) => {
    await tx.insert(packetLinkEvents).values({
      linkId: link.id,
      userId: link.userId,
      kind,
      ip: who.ip.slice(0, 100),
      userAgent: who.userAgent.slice(0, 500),
    });
    if (kind !== 'open') return;
    const claimed = await tx
      .update(packetLinks)
      .set({ firstOpenedAt: new Date() })
      .where(and(eq(packetLinks.id, link.id), isNull(packetLinks.firstOpenedAt)))
      .returning({ at: packetLinks.firstOpenedAt });
    if (!claimed.length) return;
    await notify(tx, {
      userId: link.userId,
      clientId: link.userId,
      kind: 'packet_opened',
      title: 'Your funding packet was opened',
      body: `${link.label ? `The link for ${link.label}` : 'A share link'} was first opened on ${formatDateTime(claimed[0].at!)}.`,
      link: '/funding-packet',
    });
  });
}
