import { useQuery } from '@tanstack/react-query';
import { branding } from '../../../shared/branding';
import { agentQuery } from './api';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The original product's fixed agent header: who answers, and 'Online' while staff have the inbox open, else the support hours. */
export function AgentHeader() {
  // Until the route answers, the configured agent (without a presence claim).
  const agent = useQuery(agentQuery()).data ?? { ...branding.supportAgent, online: false };
  return (
    <div className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3">
      <span className="relative shrink-0">
        {agent.photoUrl ? (
          <img src={agent.photoUrl} alt="" className="size-11 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-11 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
          >
            {initials(agent.name)}
          </span>
        )}
        {agent.online && (
          <span
            aria-hidden
            className="absolute bottom-0 right-0 size-3 rounded-full border-2 border-white bg-green-600"
          />
        )}
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold text-gray-900">{agent.name}</p>
        <p className="text-sm text-gray-600" data-testid="agent-status">
          {agent.online ? <span className="font-medium text-green-800">Online</span> : agent.hours}
        </p>
      </div>
    </div>
  );
}
