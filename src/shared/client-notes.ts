import { z } from 'zod';
import { multiLine } from './text';
import { pageFields } from './paging';
import { LIMITS } from './limits';

/**
 * Staff's private notes on a client (GET/POST /api/clients/:clientId/notes, PATCH/DELETE .../:noteId):
 * staff who work the client read and add them; the author or an administrator edits or deletes one.
 * A client never sees them: no client route, not in their data export or account activity.
 */
export const NOTE_MAX_LENGTH = 5_000;
export const NOTE_REQUIRED = 'Write the note first.';
export const NOTE_NOT_FOUND = 'Note not found.';
export const NOTE_AUTHOR_ONLY = "Only the note's author or an administrator can change or delete it.";
/** A client's notes are many, not endless: staff hear the limit and what to do. */
export const NOTES_FULL = `This client has ${LIMITS.clientNotes.toLocaleString('en-US')} notes, the most a client can have. Delete notes that are no longer needed, then add this one.`;

export const clientNoteInput = z
  .object({
    body: z
      .string(NOTE_REQUIRED)
      .trim()
      .min(1, NOTE_REQUIRED)
      .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`)
      .check(multiLine('The note')),
  })
  .strict();
export type ClientNoteInput = z.input<typeof clientNoteInput>;

export const clientNotesQuery = z.object(pageFields(20)).strict();

export type ClientNote = {
  id: string;
  body: string;
  /** Null once the author's account is gone. */
  author: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the asker may edit or delete it (its author, or an administrator). */
  mayChange: boolean;
};
