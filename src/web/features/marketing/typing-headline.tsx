import { cn } from '../../lib/cn';
import { useTypewriter } from './use-typewriter';

export function TypingHeadline({ text, className }: { text: string; className?: string }) {
  const { visible, done } = useTypewriter(text, 50);
  return (
    <h1
      aria-label={text}
      className={cn('text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl lg:text-5xl', className)}
    >
      {/* The invisible full text reserves the final height so the page does not jump while typing. */}
      <span aria-hidden="true" className="grid">
        <span className="invisible col-start-1 row-start-1">{text}</span>
        <span className="col-start-1 row-start-1">
          {visible}
          <span
            className={cn(
              'ml-0.5 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] rounded-sm bg-brand-700',
              done ? 'animate-pulse motion-reduce:hidden' : '',
            )}
          />
        </span>
      </span>
    </h1>
  );
}
