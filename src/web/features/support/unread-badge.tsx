import { useQuery } from '@tanstack/react-query';
import { supportUnreadQuery } from './unread-query';
import { countLabel } from '../../../shared/format';

/** The sidebar's Support Chat badge for staff: how many conversations wait for an answer. */
export function SupportUnreadBadge() {
  const count = useQuery(supportUnreadQuery()).data?.conversations ?? 0;
  if (count === 0) return null;
  const label = countLabel(count, 'unread conversation');
  return (
    <>
      {/* The separator keeps screen readers from running the label and the count together. */}
      <span className="sr-only">, {label}</span>
      <span
        aria-hidden
        data-testid="support-unread-badge"
        title={label}
        className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-none text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
    </>
  );
}
