import { Link, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { ClientView } from './client-view';
import { ConversationPane } from './conversation-pane';
import { StaffView } from './staff-view';

/**
 * /support: a client talks with the support team; staff answer every client from the inbox. An
 * admin acting for one client (?client=<id>) gets that client's conversation alone.
 */
export function SupportPage() {
  useDocumentTitle('Support Chat');
  const { user, isAdmin } = useAuth();
  const [params] = useSearchParams();
  const actingFor = isAdmin ? params.get('client') : null;
  const isPortalAdmin = useIsPortalAdmin();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Support Chat</h1>
          <p className="text-sm text-gray-600">
            {isAdmin
              ? 'Every client’s conversation with the support team. Those past or nearest their response target come first.'
              : 'Write to our support team. We answer here, and you will see our reply as soon as it is sent.'}
          </p>
        </div>
        {isPortalAdmin && !actingFor && (
          <nav aria-label="Support for administrators" className="flex gap-4">
            <Link to="/support-targets" className="text-sm font-medium text-brand-700 hover:underline">
              Support targets
            </Link>
            <Link to="/support-report" className="text-sm font-medium text-brand-700 hover:underline">
              Support report
            </Link>
          </nav>
        )}
        {actingFor && (
          <Link
            to="/support"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" /> All conversations
          </Link>
        )}
      </header>
      {isAdmin ? (
        actingFor ? (
          <div className="flex h-[calc(100dvh-13rem)] min-h-[28rem] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
            <ConversationPane key={actingFor} clientId={actingFor} />
          </div>
        ) : (
          <StaffView />
        )
      ) : (
        user && <ClientView key={user.id} clientId={user.id} />
      )}
    </div>
  );
}
