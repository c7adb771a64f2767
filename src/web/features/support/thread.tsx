import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MessagesSquare } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import type { SupportMessage } from '../../../shared/support';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import type { Side, SupportThreadState } from './use-support-thread';

// Within this distance of the bottom the reader is "at the newest": new messages keep them there.
const NEAR_BOTTOM_PX = 80;
// Within this distance of the top, scrolling up loads the older page.
const NEAR_TOP_PX = 40;

/**
 * The conversation (newest at the bottom, older pages on scrolling to the top or with the button)
 * and the composer under it; used by the client and, with the staff's replies, by the inbox.
 */
export function Thread({
  thread,
  side,
  label,
  emptyText,
}: {
  thread: SupportThreadState;
  side: Side;
  label: string;
  emptyText: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  const firstId = thread.messages[0]?.id;
  const lastId = thread.messages.at(-1)?.id;
  const heightBefore = useRef<{ firstId: number | undefined; height: number; top: number } | null>(null);

  // Ready to type on arrival, without scrolling the page past its heading on a phone.
  useEffect(() => composer.current?.focus({ preventScroll: true }), []);

  // Older messages added above: keep what the reader was looking at in place. Newer ones below:
  // follow them when the reader was at the bottom (or wrote them).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = heightBefore.current;
    if (before && before.firstId !== firstId && before.firstId !== undefined)
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
    heightBefore.current = { firstId, height: el.scrollHeight, top: el.scrollTop };
  }, [firstId, lastId, thread.status]);

  // The newest message on screen (and the tab in front) marks the conversation read.
  const { markSeen } = thread;
  useEffect(() => {
    const target = bottom.current;
    if (!target || thread.status !== 'ready') return;
    let visible = false;
    const check = () => visible && document.visibilityState === 'visible' && markSeen();
    const observer = new IntersectionObserver(([entry]) => {
      visible = entry.isIntersecting;
      check();
    });
    observer.observe(target);
    document.addEventListener('visibilitychange', check);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', check);
    };
  }, [markSeen, thread.status, lastId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    heightBefore.current = { firstId, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop < NEAR_TOP_PX && thread.nextBefore && thread.olderStatus === 'idle') void thread.loadOlder();
  };

  const onSent = (message: SupportMessage) => {
    atBottom.current = true;
    thread.addMessage(message);
  };

  // A screen reader hears the other side's new messages as they arrive (not the history on load).
  const newestTheirs = thread.messages.findLast((m) => m.fromStaff !== (side === 'staff'));
  const baseline = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (thread.status !== 'ready') return;
    const id = newestTheirs?.id ?? 0;
    if (baseline.current !== null && id > baseline.current && newestTheirs)
      setAnnouncement(
        `New message from ${newestTheirs.authorName}: ${newestTheirs.body || newestTheirs.attachment?.fileName || ''}`.slice(
          0,
          300,
        ),
      );
    baseline.current = Math.max(baseline.current ?? 0, id);
  }, [thread.status, newestTheirs]);

  const otherReadId = side === 'staff' ? thread.clientReadId : thread.staffReadId;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-gray-50 px-3 py-4 sm:px-4"
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        {thread.status === 'loading' && (
          <p className="flex items-center justify-center gap-2 py-10 text-sm text-gray-600" role="status">
            <Spinner className="size-4" label="" /> Loading messages...
          </p>
        )}
        {thread.status === 'error' && (
          <Alert tone="error" className="flex items-center justify-between gap-2">
            The conversation could not be loaded.
            <Button size="sm" variant="outline" onClick={thread.retry}>
              Retry
            </Button>
          </Alert>
        )}
        {thread.status === 'ready' && thread.messages.length === 0 && (
          <div className="flex flex-col items-center gap-2 py-12 text-center">
            <MessagesSquare aria-hidden className="size-8 text-gray-400" />
            <p className="text-sm text-gray-700">{emptyText}</p>
          </div>
        )}
        {thread.status === 'ready' && thread.nextBefore !== null && (
          <div className="flex flex-col items-center gap-1 pb-3">
            <Button
              size="sm"
              variant="outline"
              disabled={thread.olderStatus === 'loading'}
              onClick={() => void thread.loadOlder()}
            >
              {thread.olderStatus === 'loading' ? 'Loading older messages...' : 'Load older messages'}
            </Button>
            {thread.olderStatus === 'error' && (
              <p role="alert" className="text-xs text-red-700">
                Older messages could not be loaded. Try again.
              </p>
            )}
          </div>
        )}
        {thread.messages.length > 0 && (
          <ol className="flex flex-col gap-3" aria-label="Messages">
            {thread.messages.map((m) => {
              const own = m.fromStaff === (side === 'staff');
              return <MessageBubble key={m.id} message={m} own={own} readByOther={own && m.id <= otherReadId} />;
            })}
          </ol>
        )}
        <div ref={bottom} className="h-px" />
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <Composer clientId={thread.clientId} onSent={onSent} inputRef={composer} />
    </div>
  );
}
