import type { ReactNode } from 'react';
import { requestIdOf } from '../lib/api-error';
import { cn } from '../lib/cn';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * A load that failed and left nothing to show: what failed, the request id to quote to support
 * when the server gave one (its log lines carry the same id), and Retry (off while it retries).
 */
export function LoadFailed({
  message,
  query,
  className,
}: {
  message: ReactNode;
  query: { error?: unknown; isFetching?: boolean; refetch: () => unknown };
  className?: string;
}) {
  const requestId = requestIdOf(query.error);
  return (
    <Alert tone="error" className={cn('flex items-center justify-between gap-2', className)}>
      <span>
        {message}
        {requestId && <span className="block text-xs">If you contact support, quote request id {requestId}.</span>}
      </span>
      <Button size="sm" variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
        Retry
      </Button>
    </Alert>
  );
}

/** A first load in progress, announced to screen readers. */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <p className={cn('flex items-center gap-2 text-sm text-gray-600', className)} role="status">
      <Spinner className="size-4" label="" /> {label}
    </p>
  );
}
