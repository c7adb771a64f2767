import { AgentHeader } from './agent-header';
import { Thread } from './thread';
import { useSupportThread } from './use-support-thread';

/** A client's one conversation with the support team, under the fixed agent header. */
export function ClientView({ clientId }: { clientId: string }) {
  const thread = useSupportThread(clientId, 'client');
  return (
    <section
      aria-label="Conversation with support"
      className="flex h-[calc(100dvh-13rem)] min-h-[26rem] flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <AgentHeader />
      <Thread
        thread={thread}
        side="client"
        label="Messages with support"
        emptyText="No messages yet. Write to us below."
      />
    </section>
  );
}
