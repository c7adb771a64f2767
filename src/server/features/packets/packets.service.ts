import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  authUsers,
  businessDocuments,
  fundingPackets,
  revolvingCredits,
  storeCreditCards,
  userProfiles,
} from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Keyring } from '../../security/keyring';
import { openRow } from '../../security/encrypted-column';
import type { Storage } from '../../storage/storage';
import { ConflictError, LimitReachedError, NotFoundError } from '../../lib/domain-errors';
import { enforceRecordLimit } from '../../lib/record-limit';
import { pageWindow, pageOf, totalOver } from '../../lib/paging';
import { removeStored } from '../../storage/remove-stored';
import { assertStorageRoom } from '../../uploads/upload-limits';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { currentFundability } from '../fundability/fundability.service';
import { clientTradelines } from '../tradelines/tradelines.service';
import { getScores } from '../scores/scores.service';
import type { PdfSection } from './packet-pdf';

// pdf-lib (a few MB of the server's memory) is loaded by the first packet built, not at start-up.
const pdfWriter = () => import('./packet-pdf');
import { mask } from '../../../shared/mask';
import { formatBytes, formatDate, formatMoney } from '../../../shared/format';
import { BUREAUS } from '../../../shared/credit-rules';
import { isoDay, tradelineStatus } from '../../../shared/tradelines';
import { DOCUMENT_NOT_FOUND } from '../../../shared/documents';
import {
  ageInDays,
  documentKinds,
  isOutOfDate,
  kindInfo,
  type DocumentKind,
} from '../../../shared/document-kinds-rules';
import type { Page, PageQuery } from '../../../shared/paging';
import {
  MAX_PACKETS,
  PACKET_BUILDING,
  packetTooLarge,
  TOO_MANY_PACKETS,
  type FundingPacket,
  type PacketItem,
  type PacketStatus,
} from '../../../shared/packets';

/** A build that has not finished in this long died with its process: it no longer holds the client's slot. */
const STALE_BUILD_MS = 15 * 60 * 1000;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const packetColumns = {
  id: fundingPackets.id,
  userId: fundingPackets.userId,
  status: fundingPackets.status,
  done: fundingPackets.done,
  total: fundingPackets.total,
  createdAt: fundingPackets.createdAt,
  finishedAt: fundingPackets.finishedAt,
  pdfSize: fundingPackets.pdfSize,
  pdfSha256: fundingPackets.pdfSha256,
  manifestSha256: fundingPackets.manifestSha256,
  items: fundingPackets.items,
  error: fundingPackets.error,
};
type PacketRow = typeof fundingPackets.$inferSelect;

const toPacket = (r: Pick<PacketRow, keyof typeof packetColumns>): FundingPacket => ({
  ...r,
  status: r.status as PacketStatus,
  items: r.items as PacketItem[],
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  pdfSize: r.pdfSize === null ? null : Number(r.pdfSize),
});

export const isPacketId = (raw: string | undefined): raw is string =>
  !!raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw);

/** The client's packets, newest first, each with its index (one statement). */
export async function listPackets(db: Db, clientId: string, q: PageQuery): Promise<Page<FundingPacket>> {
  const where = eq(fundingPackets.userId, clientId);
  // `total` is the page's total (what pageOf reads); the packet's own step total rides as itemTotal.
  const rows = await db
    .select({ ...packetColumns, total: totalOver(), itemTotal: fundingPackets.total })
    .from(fundingPackets)
    .where(where)
    .orderBy(desc(fundingPackets.createdAt), desc(fundingPackets.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return pageOf(
    q,
    rows,
    () => db.$count(fundingPackets, where),
    ({ total: _total, itemTotal, ...r }) => toPacket({ ...r, total: itemTotal }),
  );
}

/** One of the client's packets with its stored keys; null when it is not theirs. */
export async function findPacket(db: Db, clientId: string, packetId: string | undefined) {
  if (!isPacketId(packetId)) return null;
  const [row] = await db
    .select({ ...packetColumns, pdfKey: fundingPackets.pdfKey, manifestKey: fundingPackets.manifestKey })
    .from(fundingPackets)
    .where(and(eq(fundingPackets.id, packetId), eq(fundingPackets.userId, clientId)));
  if (!row) return null;
  const { pdfKey, manifestKey, ...packet } = row;
  return { packet: toPacket(packet), pdfKey, manifestKey };
}

/** Removes a packet, its links (and their log) and its stored files. */
export async function deletePacket(
  db: Db,
  storage: Storage,
  scope: Scope,
  packetId: string | undefined,
  log: { warn: (m: string) => void },
) {
  if (!isPacketId(packetId)) return false;
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(fundingPackets)
      .where(
        and(
          eq(fundingPackets.id, packetId),
          eq(fundingPackets.userId, scope.clientId),
          // A build still running writes its row when done: it is deleted after.
          inArray(fundingPackets.status, ['ready', 'failed']),
        ),
      )
      .returning({ pdfKey: fundingPackets.pdfKey, manifestKey: fundingPackets.manifestKey });
    if (!deleted) return null;
    await recordAudit(tx, scope, { action: 'delete', entityType: 'funding_packet', entityId: packetId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: 'funding_packet' });
    return deleted;
  });
  if (!row) {
    if (await findPacket(db, scope.clientId, packetId)) throw new ConflictError(PACKET_BUILDING);
    return false;
  }
  await removeStored(
    storage,
    [row.pdfKey, row.manifestKey].filter((k): k is string => !!k),
    log,
  );
  return true;
}

const verifier = alias(authUsers, 'verifier');

/** The chosen documents, in the order chosen; 404 when any is not the client's. */
async function chosenDocuments(db: Db, clientId: string, ids: string[]) {
  const rows = await db
    .select({
      id: businessDocuments.id,
      documentName: businessDocuments.documentName,
      kind: businessDocuments.kind,
      size: businessDocuments.size,
      contentType: businessDocuments.contentType,
      storageKey: businessDocuments.storageKey,
      createdAt: businessDocuments.createdAt,
      verificationStatus: businessDocuments.verificationStatus,
      verifierName: verifier.name,
    })
    .from(businessDocuments)
    .leftJoin(verifier, eq(verifier.id, businessDocuments.verifiedBy))
    .where(and(eq(businessDocuments.userId, clientId), inArray(businessDocuments.id, ids)));
  if (rows.length !== ids.length) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}
type ChosenDocument = Awaited<ReturnType<typeof chosenDocuments>>[number];

type BuildDeps = {
  db: Db;
  storage: Storage;
  keyring: Keyring;
  log: { warn: (m: string) => void; error?: (m: string) => void };
  maxBytes: number;
  quotaBytes: number;
};

/**
 * Starts a packet: the chosen documents checked (the client's, within the size bound), the row
 * made in 'building' (one per client: another build, unless it is stale, is a 409), then the build
 * runs on after the answer; its progress is the row's done/total, which the page polls.
 * `finished` resolves when the build has ended either way (tests wait on it).
 */
export async function startPacketBuild(deps: BuildDeps, scope: Scope, documentIds: string[], now = new Date()) {
  const { db } = deps;
  const docs = await chosenDocuments(db, scope.clientId, documentIds);
  const bytes = docs.reduce((n, d) => n + Number(d.size), 0);
  if (bytes > deps.maxBytes) throw new LimitReachedError(packetTooLarge(formatBytes(deps.maxBytes)), 'size');
  const id = crypto.randomUUID();
  const packet = await db.transaction(async (tx) => {
    await enforceRecordLimit(
      tx,
      fundingPackets.userId,
      scope.clientId,
      MAX_PACKETS,
      'funding packets',
      TOO_MANY_PACKETS,
    );
    // The packet will hold about the documents' bytes: it counts in the client's storage like an upload.
    await assertStorageRoom(tx, scope.clientId, bytes, deps.quotaBytes);
    await tx
      .update(fundingPackets)
      .set({
        status: 'failed',
        error: 'The build stopped before it finished. Build the packet again.',
        finishedAt: now,
      })
      .where(
        and(
          eq(fundingPackets.userId, scope.clientId),
          eq(fundingPackets.status, 'building'),
          lt(fundingPackets.createdAt, new Date(now.getTime() - STALE_BUILD_MS)),
        ),
      );
    const [busy] = await tx
      .select({ id: fundingPackets.id })
      .from(fundingPackets)
      .where(and(eq(fundingPackets.userId, scope.clientId), eq(fundingPackets.status, 'building')));
    if (busy) throw new ConflictError(PACKET_BUILDING);
    const [row] = await tx
      .insert(fundingPackets)
      .values({ id, userId: scope.clientId, status: 'building', total: docs.length + 1, createdBy: scope.actorId })
      .returning(packetColumns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'funding_packet', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'funding_packet' });
    return toPacket(row);
  });
  const finished = buildPacket(deps, scope.clientId, id, docs).catch((err: unknown) =>
    deps.log.warn(`packet ${id}: could not record the failed build: ${String(err)}`),
  );
  return { packet, finished };
}

/** What the packet says of the client and their records, gathered once for the PDF and the manifest. */
async function gatherRecords(db: Db, keyring: Keyring, clientId: string, now: Date) {
  const [profileRow] = await db.select().from(userProfiles).where(eq(userProfiles.userId, clientId));
  const profile = profileRow ? openRow(keyring, userProfiles, profileRow) : null;
  const [[owner], fundability, tradelines, scores, limits] = await Promise.all([
    db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, clientId)),
    currentFundability(db, clientId, now),
    clientTradelines(db, clientId),
    getScores(db, clientId),
    Promise.all(
      [storeCreditCards, revolvingCredits].map((t) =>
        db.select({ id: t.id, limit: t.creditLimit }).from(t).where(eq(t.userId, clientId)),
      ),
    ),
  ]);
  const limitOf = new Map(limits.flat().map((r) => [r.id, r.limit]));
  const today = isoDay(now);
  return {
    // Only these two of the profile go in: the SSN, date of birth and bank numbers never do.
    businessName: profile?.businessName || owner?.name || 'Business',
    einMasked: profile?.ein ? mask(profile.ein) : 'not on file',
    fundability: fundability && {
      score: fundability.score,
      computedAt: fundability.computedAt,
      checks: fundability.checks.map((c) => ({ title: c.title, state: c.state, reason: c.reason, weight: c.weight })),
    },
    tradelines: tradelines.map((t) => ({
      vendor: t.name,
      bureaus: t.bureaus.map((b) => BUREAUS.find((x) => x.key === b)?.label ?? b),
      limit: limitOf.get(t.id) ?? null,
      dateOpened: t.dateOpened,
      status: tradelineStatus(t, today).state,
    })),
    scores: {
      capital: scores.capital.latest,
      paydex: scores.paydex.latest,
    },
  };
}
type Records = Awaited<ReturnType<typeof gatherRecords>>;

const STATE_WORDS: Record<string, string> = {
  current: 'Reporting',
  stale: 'Not reported recently',
  'not-reported': 'Never reported',
};
const dateOrDash = (d: string | null | undefined) => (d ? formatDate(d.length === 10 ? `${d}T12:00:00Z` : d) : '-');

function documentItem(d: ChosenDocument, now: Date): PacketItem {
  const info = kindInfo(d.kind);
  return {
    id: `document:${d.id}`,
    title: d.documentName,
    source: `Business Documents${info ? ` (${info.label})` : ''}`,
    kind: (info?.kind ?? null) as DocumentKind | null,
    status: 'included',
    date: d.createdAt.toISOString(),
    ageDays: ageInDays(d.createdAt, now),
    outOfDate: isOutOfDate(d.kind, d.createdAt, now),
    verification:
      d.verificationStatus === 'verified' || d.verificationStatus === 'rejected' ? d.verificationStatus : 'unchecked',
    verifiedBy: d.verificationStatus ? d.verifierName : null,
    note: null,
    sha256: null,
    size: Number(d.size),
  };
}

/** The index's lines for the portal's own records: each hashed as the JSON it was drawn from. */
function recordItems(records: Records, now: Date): PacketItem[] {
  const item = (id: string, title: string, data: unknown): PacketItem => ({
    id,
    title,
    source: 'Portal records',
    kind: null,
    status: 'included',
    date: now.toISOString(),
    ageDays: 0,
    outOfDate: false,
    verification: null,
    verifiedBy: null,
    note: null,
    sha256: sha256(JSON.stringify(data)),
    size: null,
  });
  return [
    item('section:fundability', 'Fundability result', records.fundability),
    item('section:tradelines', 'Tradeline ledger', records.tradelines),
    item('section:scores', 'Latest scores', records.scores),
  ];
}

const missingItems = (docs: ChosenDocument[]): PacketItem[] =>
  documentKinds
    .filter((k) => k.recommended && !docs.some((d) => d.kind === k.kind))
    .map((k) => ({
      id: `missing:${k.kind}`,
      title: k.label,
      source: 'Business Documents',
      kind: k.kind,
      status: 'missing',
      date: null,
      ageDays: null,
      outOfDate: false,
      verification: null,
      verifiedBy: null,
      note: 'Recommended by lenders: not in this packet.',
      sha256: null,
      size: null,
    }));

const verificationWords = (i: PacketItem) =>
  i.verification === 'verified'
    ? `Verified${i.verifiedBy ? ` (${i.verifiedBy})` : ''}`
    : i.verification === 'rejected'
      ? 'Rejected'
      : i.verification === 'unchecked'
        ? 'Not checked'
        : '-';

function sections(records: Records, items: PacketItem[]): PdfSection[] {
  const statusWords = (i: PacketItem) =>
    i.status === 'missing'
      ? 'MISSING'
      : i.status === 'not-merged'
        ? 'Not merged'
        : i.outOfDate
          ? 'OUT OF DATE'
          : 'Included';
  return [
    {
      heading: 'Index',
      intro:
        'Every item of this packet: where it comes from, its date and age, and whether our staff verified it. Missing recommended items are listed, not hidden. The manifest.json beside this PDF holds a SHA-256 of each item.',
      widths: [0.3, 0.22, 0.13, 0.08, 0.12, 0.15],
      rows: [
        ['Item', 'Source', 'Date', 'Age', 'Check', 'Status'],
        ...items.map((i) => [
          i.title,
          i.source,
          dateOrDash(i.date),
          i.ageDays === null ? '-' : `${i.ageDays} d`,
          verificationWords(i),
          statusWords(i),
        ]),
      ],
    },
    {
      heading: 'Fundability result',
      intro: records.fundability
        ? `Score ${records.fundability.score} of 100, computed ${formatDate(records.fundability.computedAt)}.`
        : 'No fundability result.',
      widths: [0.3, 0.12, 0.1, 0.48],
      rows: [
        ['Check', 'Result', 'Points', 'Why'],
        ...(records.fundability?.checks ?? []).map((c) => [c.title, c.state, String(c.weight), c.reason]),
      ],
    },
    {
      heading: 'Tradeline ledger',
      intro: records.tradelines.length ? undefined : 'No tradelines on record.',
      widths: [0.3, 0.3, 0.12, 0.13, 0.15],
      rows: [
        ['Vendor', 'Bureaus reporting', 'Limit', 'Opened', 'Status'],
        ...records.tradelines.map((t) => [
          t.vendor,
          t.bureaus.join(', ') || 'None',
          t.limit === null ? '-' : formatMoney(t.limit),
          dateOrDash(t.dateOpened),
          STATE_WORDS[t.status] ?? t.status,
        ]),
      ],
    },
    {
      heading: 'Latest scores',
      widths: [0.4, 0.2, 0.4],
      rows: [
        ['Score', 'Value', 'Date'],
        [
          'CapitalScore',
          String(records.scores.capital?.score ?? '-'),
          dateOrDash(records.scores.capital?.lastUpdatedAt),
        ],
        ['PAYDEX', String(records.scores.paydex?.score ?? '-'), dateOrDash(records.scores.paydex?.lastUpdatedAt)],
      ],
    },
  ];
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The build itself: the records gathered, each chosen document read from storage, hashed and (a
 * PDF) merged, the row's progress moved after each; then the PDF and manifest put in storage and
 * the row made 'ready' with the index and hashes. pdf-lib builds in memory, so the bound on the
 * documents' bytes (and on the result) is what keeps a build's memory bounded. A failure marks the
 * row 'failed' with a sentence and removes what was stored.
 */
async function buildPacket(deps: BuildDeps, clientId: string, packetId: string, docs: ChosenDocument[]) {
  const { db, storage, keyring } = deps;
  const owner = clientId.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  const pdfKey = `packets/${owner}/${packetId}.pdf`;
  const manifestKey = `packets/${owner}/${packetId}.json`;
  try {
    const now = new Date();
    const records = await gatherRecords(db, keyring, clientId, now);
    const docItems = docs.map((d) => documentItem(d, now));
    const items = [...docItems, ...recordItems(records, now), ...missingItems(docs)];
    const parts: { item: PacketItem; bytes: Buffer | null }[] = [];
    for (const [i, d] of docs.entries()) {
      const bytes = await readAll((await storage.get(d.storageKey)).stream);
      docItems[i].sha256 = sha256(bytes);
      parts.push({ item: docItems[i], bytes: d.contentType === 'application/pdf' ? bytes : null });
      if (!parts[i].bytes) {
        docItems[i].status = 'not-merged';
        docItems[i].note = 'A Word file: not merged into the PDF. Upload it as a PDF to include it.';
      }
      await db
        .update(fundingPackets)
        .set({ done: i + 1 })
        .where(eq(fundingPackets.id, packetId));
    }
    const { appendPdf, packetPages } = await pdfWriter();
    const pdf = await packetPages(
      {
        title: 'Funding packet',
        lines: [records.businessName, `EIN ${records.einMasked}`, `Prepared ${formatDate(now)}`],
      },
      sections(records, items),
    );
    for (const part of parts) {
      if (!part.bytes) continue;
      try {
        await appendPdf(pdf, part.bytes);
      } catch {
        part.item.status = 'not-merged';
        part.item.note = 'This PDF could not be read (damaged or password-protected): not merged.';
      }
    }
    // The index was drawn before a merge could fail: draw it again from the final statuses.
    const final = parts.some((p) => p.item.status === 'not-merged' && p.bytes)
      ? await rebuild(records, items, parts, now)
      : pdf;
    const pdfBytes = Buffer.from(await final.save());
    if (pdfBytes.length > deps.maxBytes) throw new PacketError(packetTooLarge(formatBytes(deps.maxBytes)));
    const manifest = Buffer.from(
      JSON.stringify(
        {
          packetId,
          business: records.businessName,
          ein: records.einMasked,
          createdAt: now.toISOString(),
          algorithm: 'sha256',
          packet: { file: 'packet.pdf', size: pdfBytes.length, sha256: sha256(pdfBytes) },
          items: items.map((i) => ({
            id: i.id,
            title: i.title,
            source: i.source,
            kind: i.kind,
            status: i.status,
            date: i.date,
            ageDays: i.ageDays,
            outOfDate: i.outOfDate,
            verification: i.verification,
            size: i.size,
            sha256: i.sha256,
            hashOf: i.id.startsWith('document:') ? 'the stored file' : i.sha256 ? 'the section data as JSON' : null,
          })),
        },
        null,
        2,
      ),
    );
    await storage.put(pdfKey, Readable.from([pdfBytes]), { contentType: 'application/pdf', size: pdfBytes.length });
    await storage.put(manifestKey, Readable.from([manifest]), {
      contentType: 'application/json',
      size: manifest.length,
    });
    await db
      .update(fundingPackets)
      .set({
        status: 'ready',
        done: docs.length + 1,
        finishedAt: new Date(),
        pdfKey,
        manifestKey,
        pdfSize: pdfBytes.length,
        pdfSha256: sha256(pdfBytes),
        manifestSha256: sha256(manifest),
        items,
      })
      .where(eq(fundingPackets.id, packetId));
  } catch (err) {
    if (!(err instanceof PacketError)) deps.log.warn(`packet ${packetId} failed: ${String(err)}`);
    await removeStored(storage, [pdfKey, manifestKey], deps.log).catch(() => undefined);
    await db
      .update(fundingPackets)
      .set({
        status: 'failed',
        finishedAt: new Date(),
        error: err instanceof PacketError ? err.message : 'The packet could not be built. Please try again.',
      })
      .where(eq(fundingPackets.id, packetId));
  }
}

/** A refusal the client reads as the failed build's reason. */
class PacketError extends Error {}

async function rebuild(
  records: Records,
  items: PacketItem[],
  parts: { item: PacketItem; bytes: Buffer | null }[],
  now: Date,
) {
  const { appendPdf, packetPages } = await pdfWriter();
  const pdf = await packetPages(
    {
      title: 'Funding packet',
      lines: [records.businessName, `EIN ${records.einMasked}`, `Prepared ${formatDate(now)}`],
    },
    sections(records, items),
  );
  for (const part of parts) if (part.bytes && part.item.status === 'included') await appendPdf(pdf, part.bytes);
  return pdf;
}
