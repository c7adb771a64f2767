import { Suspense, useId, useState } from 'react';
import { NotebookPen, Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { lazyPage } from '../../app/lazy-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { useFormOpen } from '../../lib/use-form-open';
import { formatDateTime } from '../../../shared/format';
import type { ClientNote, ClientNoteInput } from '../../../shared/client-notes';
import { clientNotesQuery, useAddNote, useDeleteNote, useUpdateNote } from './api';

// The form (react-hook-form and the schema) loads when a note is added or edited.
const NoteForm = lazyPage(() => import('./note-form'), 'NoteForm');

/** One note: who wrote it and when, its text; its author or an admin edits it in place or deletes it after confirming. */
function NoteItem({ clientId, note }: { clientId: string; note: ClientNote }) {
  const edit = useFormOpen();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateNote(clientId, note.id);
  const remove = useDeleteNote(clientId, note.id);
  const author = note.author?.name ?? 'A former staff member';
  const title = `note by ${author} of ${formatDateTime(note.createdAt)}`;
  const save = (input: ClientNoteInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Note saved.');
        edit.close();
      },
      onError: edit.failed,
    });
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Note deleted.');
      },
      onError: (e) => toast.error(`Could not delete the note: ${e.message}`),
    });
  return (
    <li data-search-id={note.id} className="-mx-2 flex flex-col gap-1.5 rounded-md px-2 py-3">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <p className="min-w-0 text-sm text-gray-600">
          <span className="break-words font-medium text-gray-900">{author}</span>
          {' · '}
          <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          {note.updatedAt !== note.createdAt && (
            <span title={`Edited ${formatDateTime(note.updatedAt)}`}> · edited</span>
          )}
        </p>
        {note.mayChange && !edit.isOpen && (
          <EditDeleteButtons title={title} onEdit={edit.open} onDelete={() => setConfirming(true)} />
        )}
      </div>
      {edit.isOpen ? (
        <Suspense fallback={<p className="text-sm text-gray-600">Loading...</p>}>
          <NoteForm
            idPrefix={`note-${note.id}`}
            body={note.body}
            submitLabel="Save Note"
            busy={update.isPending}
            error={edit.error}
            onSubmit={save}
            onCancel={edit.close}
          />
        </Suspense>
      ) : (
        <p className="whitespace-pre-line break-words text-sm text-gray-900">{note.body}</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this note?"
        description={`The ${title} will be deleted for every member of staff. This cannot be undone.`}
        confirmLabel="Delete Note"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </li>
  );
}

/**
 * Staff acting for a client: private notes on them (never shown to the client), newest first,
 * with who wrote each and when. Search from the top bar opens a note here (?highlight=<id>).
 */
export function ClientNotesCard({ clientId }: { clientId: string }) {
  const notes = usePagedList(clientNotesQuery(clientId));
  const adding = useFormOpen();
  const add = useAddNote(clientId);
  const titleId = useId();
  const save = (input: ClientNoteInput) =>
    add.mutate(input, {
      onSuccess: () => {
        toast.success('Note added.');
        adding.close();
      },
      onError: adding.failed,
    });
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
            <NotebookPen className="size-5 text-brand-700" aria-hidden="true" /> Notes
          </CardTitle>
          <CardDescription>Private to staff: the client never sees these notes.</CardDescription>
        </div>
        {!adding.isOpen && (
          <Button size="sm" variant="outline" onClick={adding.open}>
            <Plus aria-hidden="true" /> Add Note
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {adding.isOpen && (
          <Suspense fallback={<p className="text-sm text-gray-600">Loading...</p>}>
            <NoteForm
              idPrefix="new-note"
              submitLabel="Add Note"
              busy={add.isPending}
              error={adding.error}
              onSubmit={save}
              onCancel={adding.close}
            />
          </Suspense>
        )}
        <QueryStates
          query={notes}
          noun="notes"
          loading="Loading notes..."
          error="Could not load the notes."
          empty={{ title: 'No notes yet', hint: 'Notes you add are seen only by staff.' }}
        >
          {(items) => (
            <ul className="divide-y divide-gray-100" aria-label="Notes">
              {items.map((note) => (
                <NoteItem key={note.id} clientId={clientId} note={note} />
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
