import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';
import { Spinner } from './ui/spinner';

/**
 * The loading, error (with Retry) and empty states every list screen shows, in one place; renders
 * `children` with the data once there is some.
 */
export function QueryStates<T>({
  query,
  loading,
  error,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loading: string;
  error: string;
  empty: { title: string; hint: ReactNode; icon?: ReactNode };
  children: (data: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> {loading}
      </p>
    );
  if (query.isError)
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        {error}
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          {empty.icon}
          <p className="font-medium text-gray-900">{empty.title}</p>
          <p className="text-sm text-gray-600">{empty.hint}</p>
        </CardContent>
      </Card>
    );
  return <>{children(query.data)}</>;
}
