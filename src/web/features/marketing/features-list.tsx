import { useEffect } from 'react';
import { Check } from 'lucide-react';
import { features } from './features';

export function FeaturesList() {
  // This list loads after the hero (marketing-layout.tsx): a visitor who followed a hero link
  // (#company-formation, ...) before it arrived is taken to the card now.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 border-b border-gray-200 bg-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">What the build-out includes</p>
          <h2 id="features-heading" className="mt-2 text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Everything a new business needs, in the right order
          </h2>
          <p className="mt-3 text-gray-600">
            Your dashboard turns each step into a short task, so you always know what is done and what comes next.
          </p>
        </div>
        {/* Six columns with two-column cards let the last row of two sit centred on wide screens. */}
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {features.map(({ id, title, summary, points, icon: Icon }) => (
            <li
              key={id}
              id={id}
              // The hero links here by hash; the ring shows which card the visitor jumped to.
              className="scroll-mt-24 rounded-xl lg:col-span-2 lg:[&:nth-child(4)]:col-start-2 border border-gray-200 bg-white p-6 shadow-sm transition-shadow target:border-brand-600 target:ring-2 target:ring-brand-600/30"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-1.5 text-sm text-gray-600">{summary}</p>
              <ul className="mt-4 space-y-2">
                {points.map((point) => (
                  <li key={point} className="flex gap-2 text-sm text-gray-700">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
