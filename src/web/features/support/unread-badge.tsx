import { useQuery } from '@tanstack/react-query';
import { supportUnreadQuery } from './unread-query';
import { countLabel } from '../../../shared/format';
import { CountBadge } from '../../components/count-badge';

/** The sidebar's Support Chat badge for staff: how many conversations wait for an answer. */
export function SupportUnreadBadge() {
  const count = useQuery(supportUnreadQuery()).data?.conversations ?? 0;
  return <CountBadge count={count} label={countLabel(count, 'unread conversation')} testId="support-unread-badge" />;
}
