import { Link } from 'react-router';
import { Archive, ArrowLeft, Inbox, UserRound } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { clientLabel, clientSummaryQuery } from '../../lib/client-options';
import { useArchive } from './api';
import { initials } from './agent-header';
import { Thread } from './thread';
import { useSupportThread } from './use-support-thread';

/** Staff's view of one client's conversation: who, Archive (or Move to inbox), View profile, then the thread. */
export function ConversationPane({
  clientId,
  onBack,
  backLabel = 'Back',
}: {
  clientId: string;
  onBack?: () => void;
  backLabel?: string;
}) {
  const thread = useSupportThread(clientId, 'staff');
  const client = useQuery(clientSummaryQuery(clientId)).data;
  const name = client ? clientLabel(client) : 'Client';
  const archive = useArchive(clientId);

  const toggleArchive = () =>
    archive.mutate(!thread.archived, {
      onSuccess: () => {
        toast.success(
          thread.archived ? `${name}’s conversation is back in the inbox.` : `${name}’s conversation was archived.`,
        );
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    <section aria-label={`Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2.5 sm:px-4">
        {onBack && (
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={backLabel}
            title={backLabel}
            onClick={onBack}
          >
            <ArrowLeft aria-hidden />
          </Button>
        )}
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gray-200 text-xs font-semibold text-gray-800"
        >
          {initials(name)}
        </span>
        {/* Wide enough for a name before the buttons move to a line of their own. */}
        <div className="min-w-0 flex-1 basis-56">
          <h2 className="truncate font-semibold text-gray-900">{name}</h2>
          {client?.email && client.email !== name && <p className="truncate text-xs text-gray-600">{client.email}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={archive.isPending || thread.status !== 'ready' || thread.messages.length === 0}
            onClick={toggleArchive}
          >
            {thread.archived ? <Inbox aria-hidden /> : <Archive aria-hidden />}
            {thread.archived ? 'Move to inbox' : 'Archive'}
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link to={`/account?client=${encodeURIComponent(clientId)}`}>
              <UserRound aria-hidden /> View profile
            </Link>
          </Button>
        </div>
      </div>
      <Thread
        thread={thread}
        side="staff"
        label={`Messages with ${name}`}
        emptyText={`No messages with ${name} yet. Write the first one below.`}
      />
    </section>
  );
}
