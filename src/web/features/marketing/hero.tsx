import { ArrowRight, CreditCard } from 'lucide-react';
import { cn } from '../../lib/cn';
import { features } from './features';
import { TypingHeadline } from './typing-headline';

const headline = 'Every success story starts with a decision. Make yours now!';

// The hero is split in two so the layout can put the sign-in form between them on phones.
export function HeroHeadline({ className }: { className?: string }) {
  return (
    <div className={className}>
      <p className="inline-flex items-center rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-medium text-brand-800 shadow-sm">
        Business formation, banking and credit in one place
      </p>
      <TypingHeadline text={headline} className="mt-5 max-w-2xl" />
      <p className="mt-5 flex items-start gap-2 text-base text-gray-600 sm:text-lg">
        <CreditCard className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        No credit card needed to start building your business right now
      </p>
    </div>
  );
}

export function HeroDetails({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col gap-8', className)}>
      <nav aria-labelledby="hero-features-label">
        <p id="hero-features-label" className="text-sm font-medium text-gray-900">
          Read more about what we build for you:
        </p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {features.map(({ id, title, icon: Icon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="group inline-flex items-center gap-1.5 rounded-full border border-gray-200 bg-white px-3 py-1.5 text-sm text-gray-700 shadow-sm transition-colors hover:border-brand-600 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <Icon className="size-4 text-brand-700" aria-hidden="true" />
                {title}
                <ArrowRight
                  className="size-3.5 opacity-0 transition-opacity group-hover:opacity-100"
                  aria-hidden="true"
                />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <img
        src="/marketing/hero-illustration.svg"
        alt="A business dashboard with a growing revenue chart, a completed build-out checklist and a business credit score gauge"
        width={480}
        height={340}
        className="mx-auto h-auto w-full max-w-md lg:mx-0 lg:max-w-lg"
      />
    </div>
  );
}
