import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BadgeCheck } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { JOIN_LINK, JOIN_LINK_LABEL } from '../../../shared/membership-rules';
import { cn } from '../../lib/cn';
import { membershipQuery, useSetMembership } from './membership-api';
import { Switch } from './switch';
import { LoadFailed } from '../../components/load-states';
import { useIsPortalAdmin } from '../../app/portal-admin';

/**
 * My Account: 'Membership: Active' or 'Not a member' (with the way to join); administrators switch
 * it for the client, a staff member reads it.
 */
export function MembershipPanel({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const isPortalAdmin = useIsPortalAdmin();
  const query = useQuery(membershipQuery(clientId));
  const save = useSetMembership();
  const labelId = useId();
  const descriptionId = useId();
  const active = query.data?.isPaid === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BadgeCheck className="size-5 text-brand-700" aria-hidden="true" /> Membership
        </CardTitle>
        <CardDescription>
          Members get every volume of The Secret to Wealth and the other members-only resources.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isPending && (
          <div className="h-10 animate-pulse rounded-md bg-gray-100" role="status" aria-label="Loading membership" />
        )}
        {query.isError && <LoadFailed message="Could not load the membership." query={query} />}
        {query.data && (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p id={labelId} className="text-sm font-medium text-gray-900">
              Membership:{' '}
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  active ? 'bg-green-100 text-green-900' : 'bg-gray-100 text-gray-800',
                )}
              >
                {active ? 'Active' : 'Not a member'}
              </span>
            </p>
            {isAdmin
              ? isPortalAdmin && (
                  <div className="flex items-center gap-2">
                    <span id={descriptionId} className="text-sm text-gray-700">
                      Paid member
                    </span>
                    <Switch
                      labelledBy={descriptionId}
                      describedBy={labelId}
                      checked={active}
                      disabled={save.isPending}
                      onCheckedChange={(isPaid) =>
                        save.mutate(
                          { clientId, isPaid },
                          {
                            onSuccess: () => toast.success(isPaid ? 'Membership turned on.' : 'Membership turned off.'),
                            onError: (e) => toast.error(e.message),
                          },
                        )
                      }
                    />
                  </div>
                )
              : !active && (
                  <Link
                    to={JOIN_LINK}
                    className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700"
                  >
                    See {JOIN_LINK_LABEL} to join
                  </Link>
                )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
