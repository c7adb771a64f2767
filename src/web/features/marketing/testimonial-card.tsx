import { BadgeCheck, Star } from 'lucide-react';
import type { Testimonial } from './testimonials';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full w-[350px] flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <div role="img" aria-label="Rated 5 out of 5 stars" className="flex gap-0.5">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
          ))}
        </div>
        {t.verified && (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-green-600/20">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            Verified
          </span>
        )}
      </div>
      <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-gray-700">
        <p>“{t.text}”</p>
      </blockquote>
      <figcaption className="mt-4 flex items-center gap-3 border-t border-gray-100 pt-4">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800"
        >
          {initials(t.name)}
        </span>
        <span className="min-w-0 text-sm">
          <span className="block font-medium text-gray-900">{t.name}</span>
          {t.business && <span className="block truncate text-gray-600">{t.business}</span>}
          <span className="block text-xs text-gray-500">
            {t.location} · <time dateTime={String(t.year)}>{t.year}</time>
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
