import { useQuery } from '@tanstack/react-query';
import { countLabel } from '../../../shared/format';
import { CountBadge } from '../../components/count-badge';
import { attentionCountsQuery } from './counts-query';

/** The sidebar's Needs attention badge for staff: how many things wait for a person (a client and a reason each). */
export function AttentionBadge() {
  const count = useQuery(attentionCountsQuery()).data?.total ?? 0;
  return (
    <CountBadge
      count={count}
      label={countLabel(count, 'item waiting', 'items waiting')}
      testId="attention-badge"
      className="bg-amber-700"
    />
  );
}
