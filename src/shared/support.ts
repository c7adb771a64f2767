import { z } from 'zod';
import { pageFields } from './paging';
import { multiLine } from './text';
import type { SupportWait } from './support-targets-rules';

/** Support Chat: one conversation per client with the support team. */

export const SUPPORT_MESSAGE_MAX = 5_000;
export const SUPPORT_MESSAGE_TOO_LONG = `A message can be at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.`;
export const SUPPORT_MESSAGE_EMPTY = 'Write a message or attach a file.';
/** A staff member who had the inbox open this recently shows the client 'online'. */
export const SUPPORT_ONLINE_WINDOW_MS = 2 * 60 * 1000;
/** A staff reply unread this long sends the client one e-mail (when their e-mail alerts are on)... */
export const SUPPORT_REPLY_MAIL_AFTER_MS = 5 * 60 * 1000;
/** ...and never more than one such e-mail a conversation in this time. */
export const SUPPORT_REPLY_MAIL_EVERY_MS = 60 * 60 * 1000;
/** Messages one page of history holds (older ones load on scroll). */
export const SUPPORT_PAGE_SIZE = 50;

export type SupportAttachment = { id: string; fileName: string; contentType: string; size: number };

export type SupportMessage = {
  id: number;
  clientId: string;
  fromStaff: boolean;
  /** The writer's name ('Support Team' style fallback when their account is gone). */
  authorName: string;
  /** Plain text: shown as text, never as HTML; only http(s) links are made clickable. */
  body: string;
  createdAt: string;
  attachment: SupportAttachment | null;
};

/**
 * GET /api/clients/:clientId/support/messages: a page of the conversation, oldest first, ending
 * before `before` (the newest page when left out). Read ticks come from the read ids: a message
 * is read by the other side when its id is at most that side's read id.
 */
export const supportMessagesQuery = z
  .object({
    before: z.coerce.number({ message: 'before must be a message id' }).int().min(1).max(2_147_483_647).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int()
      .min(1, 'limit must be between 1 and 100')
      .max(100, 'limit must be between 1 and 100')
      .default(SUPPORT_PAGE_SIZE),
  })
  .strict();
export type SupportThread = {
  items: SupportMessage[];
  /** Pass as `before` for the page of older messages; null at the first message. */
  nextBefore: number | null;
  staffReadId: number;
  clientReadId: number;
  archived: boolean;
};

/** POST /api/clients/:clientId/support/messages (JSON); the upload route takes `body` as a form field next to `file`. */
export const supportMessageInput = z
  .object({
    body: z
      .string({ message: 'Message must be text' })
      .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG)
      .transform((s) => s.replace(/\r\n?/g, '\n').trim())
      .refine((s) => s.length > 0, SUPPORT_MESSAGE_EMPTY)
      .check(multiLine('The message')),
  })
  .strict();

/** POST /api/clients/:clientId/support/read: the caller's side has read up to this message id. */
export const supportReadInput = z
  .object({ upTo: z.number({ message: 'upTo must be a message id' }).int().min(0).max(2_147_483_647) })
  .strict();

/** POST /api/clients/:clientId/support/archive (staff): Archive, or bring back into the open inbox. */
export const supportArchiveInput = z
  .object({ archived: z.boolean({ message: 'archived must be true or false' }) })
  .strict();

/** GET /api/support/conversations (staff): the inbox, unread first then newest. */
export const supportInboxQuery = z
  .object({
    ...pageFields(20),
    view: z.enum(['open', 'archived'], { message: "view must be 'open' or 'archived'" }).default('open'),
  })
  .strict();
export type SupportConversationItem = {
  clientId: string;
  clientName: string;
  clientEmail: string;
  lastMessage: { id: number; body: string; fromStaff: boolean; createdAt: string; hasAttachment: boolean } | null;
  /** Client messages staff have not read. */
  unreadCount: number;
  archived: boolean;
  /** While the client waits for staff: how long, in business time, against the target. */
  wait: SupportWait | null;
};

/** GET /api/support/agent: the client's fixed agent header. */
export type SupportAgent = { name: string; photoUrl: string | null; online: boolean; hours: string };

/**
 * Live stream events (GET /api/clients/:clientId/support/stream for a client's conversation,
 * GET /api/support/stream for staff, every conversation). Each 'message' event has the message id
 * as its SSE id; a reconnecting browser sends it back (Last-Event-ID, or `?after=`) and gets every
 * later message once, in order. 'read' and 'conversation' events carry no id.
 */
export type SupportStreamEvent =
  | { event: 'message'; data: SupportMessage }
  | { event: 'read'; data: { clientId: string; staffReadId: number; clientReadId: number } }
  | { event: 'conversation'; data: { clientId: string; archived: boolean } };
export const supportStreamQuery = z
  .object({
    after: z.coerce.number({ message: 'after must be a message id' }).int().min(0).max(2_147_483_647).optional(),
  })
  .strict();
