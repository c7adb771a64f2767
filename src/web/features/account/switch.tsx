import { Switch as S } from 'radix-ui';
import { cn } from '../../lib/cn';

/** An accessible on/off switch (role="switch", Space/Enter toggle). */
export function Switch(props: {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (v: boolean) => void;
  labelledBy: string;
  describedBy?: string;
}) {
  return (
    <S.Root
      checked={props.checked}
      disabled={props.disabled}
      onCheckedChange={props.onCheckedChange}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
        props.checked ? 'bg-brand-700' : 'bg-gray-300',
      )}
    >
      <S.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </S.Root>
  );
}
