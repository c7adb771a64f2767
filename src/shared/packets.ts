import { z } from 'zod';
import { pageFields } from './paging';
import { singleLine } from './text';
import { MAX_PACKET_DOCUMENTS, MAX_PACKETS, SHARE_DAYS } from './packets-rules';
export * from './packets-rules';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a document id.');

/** POST /api/clients/:clientId/packets: the documents to append (the index lists the rest). */
export const packetBuildInput = z
  .object({
    documentIds: z
      .array(uuid, 'Choose the documents as a list.')
      .min(1, 'Choose at least one document for the packet.')
      .max(MAX_PACKET_DOCUMENTS, `A packet can hold at most ${MAX_PACKET_DOCUMENTS} documents.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each document can be chosen once.'),
  })
  .strict();

export const packetListQuery = z.object(pageFields(MAX_PACKETS, 50)).strict();
export const packetLinkListQuery = z.object(pageFields(20, 100)).strict();

/** POST /api/clients/:clientId/packet-links: a link to a ready packet for 1-30 days. */
export const packetLinkInput = z
  .object({
    packetId: uuid,
    days: z
      .number('Days must be a whole number.')
      .int('Days must be a whole number.')
      .min(SHARE_DAYS.min, `A link lasts at least ${SHARE_DAYS.min} day.`)
      .max(SHARE_DAYS.max, `A link lasts at most ${SHARE_DAYS.max} days.`)
      .default(SHARE_DAYS.default),
    label: z
      .string('The label must be text.')
      .trim()
      .max(100, 'The label can be at most 100 characters.')
      .check(singleLine('The label'))
      .default(''),
  })
  .strict();
export type PacketLinkInput = z.input<typeof packetLinkInput>;
