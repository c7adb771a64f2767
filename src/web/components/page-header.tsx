import type { ReactNode } from 'react';

/** A page's heading and what it is for, with its main actions (Add ...) to the right, or below on a phone. */
export function PageHeader({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  /** More lines under the intro (e.g. a count). */
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        <p className="text-sm text-gray-600">{intro}</p>
        {children}
      </div>
      {actions}
    </header>
  );
}
