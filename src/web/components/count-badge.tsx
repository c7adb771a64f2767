import { cn } from '../lib/cn';

/** A sidebar item's count (nothing at 0), read by screen readers as `label` after the item's name. */
export function CountBadge({
  count,
  label,
  testId,
  className = 'bg-red-600',
}: {
  count: number;
  label: string;
  testId: string;
  className?: string;
}) {
  if (count === 0) return null;
  return (
    <>
      {/* The separator keeps screen readers from running the label and the count together. */}
      <span className="sr-only">, {label}</span>
      <span
        aria-hidden
        data-testid={testId}
        title={label}
        className={cn(
          'ml-auto flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] font-semibold leading-none text-white',
          className,
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
    </>
  );
}
