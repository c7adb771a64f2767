// The funding packet's constants and answer types, without zod (the web's first paint reads them).
import type { DocumentKind, VerificationStatus } from './document-kinds-rules';

/** Packets kept per client (each is a stored PDF): delete an old one to build past it. */
export const MAX_PACKETS = 20;
/** Live (neither expired nor revoked) share links per client. */
export const MAX_LIVE_LINKS = 20;
/** Documents one packet may append. */
export const MAX_PACKET_DOCUMENTS = 100;
export const SHARE_DAYS = { min: 1, max: 30, default: 7 } as const;
/** Default bound of a packet's size (PACKET_MAX_BYTES overrides). */
export const DEFAULT_PACKET_MAX_BYTES = 50 * 1024 * 1024;
/** Events listed with each link (the newest); the count says how many there are in all. */
export const LINK_EVENTS_SHOWN = 10;

export type PacketStatus = 'building' | 'ready' | 'failed';

/**
 * One line of the packet's index. `included`: in the PDF; `missing`: a recommended kind the client
 * has no document of; `not-merged`: chosen but not a PDF that could be merged (a Word file), listed
 * so a lender knows to ask. `sha256`: of the document's stored bytes, or of the section's data as
 * JSON (the manifest says which).
 */
export type PacketItem = {
  id: string;
  title: string;
  source: string;
  kind: DocumentKind | null;
  status: 'included' | 'missing' | 'not-merged';
  date: string | null;
  ageDays: number | null;
  outOfDate: boolean;
  verification: VerificationStatus | 'unchecked' | null;
  verifiedBy: string | null;
  note: string | null;
  sha256: string | null;
  size: number | null;
};

export type FundingPacket = {
  id: string;
  userId: string;
  status: PacketStatus;
  done: number;
  total: number;
  createdAt: string;
  finishedAt: string | null;
  pdfSize: number | null;
  pdfSha256: string | null;
  manifestSha256: string | null;
  items: PacketItem[];
  error: string | null;
};

export type PacketLinkEventKind = 'open' | 'download-pdf' | 'download-manifest';
export type PacketLinkEvent = { kind: PacketLinkEventKind; at: string; ip: string; userAgent: string };
export type PacketLinkState = 'live' | 'expired' | 'revoked';

export type PacketLink = {
  id: string;
  packetId: string;
  label: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  firstOpenedAt: string | null;
  state: PacketLinkState;
  eventCount: number;
  events: PacketLinkEvent[];
};
export type PacketLinkCreated = { link: PacketLink; url: string };

export const linkState = (l: { expiresAt: string | Date; revokedAt: string | Date | null }, now = new Date()) =>
  l.revokedAt ? 'revoked' : new Date(l.expiresAt).getTime() <= now.getTime() ? 'expired' : 'live';

export const eventLabel: Record<PacketLinkEventKind, string> = {
  open: 'Opened the page',
  'download-pdf': 'Downloaded the packet',
  'download-manifest': 'Downloaded the manifest',
};

export const PACKET_NOT_FOUND = 'Funding packet not found.';
export const LINK_NOT_FOUND = 'Share link not found.';
export const PACKET_BUILDING = 'A funding packet is already being built for this client. Wait for it to finish.';
export const PACKET_NOT_READY = 'This packet is not ready: share a packet that finished building.';
export const TOO_MANY_PACKETS = `You can keep up to ${MAX_PACKETS} funding packets. Delete an old one, then build again.`;
export const TOO_MANY_LINKS = `You can have up to ${MAX_LIVE_LINKS} live share links. Revoke one you no longer need.`;
export const packetTooLarge = (limit: string) =>
  `The packet would be larger than ${limit}. Choose fewer or smaller documents.`;

/** What an item of the packet is, as its index, the packet page and the lender's page say it. */
export const packetItemStatus = (i: PacketItem) =>
  i.status === 'missing'
    ? 'Missing'
    : i.status === 'not-merged'
      ? 'Not in the PDF'
      : i.outOfDate
        ? 'Out of date'
        : 'Included';
