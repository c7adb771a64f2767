import { cn } from '../../lib/cn';
import { TestimonialCard } from './testimonial-card';
import { testimonials, type Testimonial } from './testimonials';
import { usePrefersReducedMotion } from './use-typewriter';

const rowSize = 4;
const rows: Testimonial[][] = Array.from({ length: Math.ceil(testimonials.length / rowSize) }, (_, i) =>
  testimonials.slice(i * rowSize, (i + 1) * rowSize),
);

function MarqueeRow({ items, reverse, label }: { items: Testimonial[]; reverse: boolean; label: string }) {
  const reducedMotion = usePrefersReducedMotion();
  // Spacing is padding on each item, not a flex gap: the track must be exactly two equal halves
  // so that the -50% keyframe lands on the copy's first card and the loop has no visible seam.
  return (
    // Without motion the row becomes a plain scroller, so keyboard users must be able to focus it.
    <div
      role={reducedMotion ? 'region' : undefined}
      aria-label={reducedMotion ? label : undefined}
      tabIndex={reducedMotion ? 0 : undefined}
      className="pause-on-hover overflow-hidden motion-reduce:overflow-x-auto motion-reduce:px-4 motion-reduce:pb-2"
    >
      <div className={cn('flex w-max', reverse ? 'animate-marquee-right' : 'animate-marquee-left')}>
        <ul className="flex">
          {items.map((t) => (
            <li key={t.name} className="shrink-0 pr-5">
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
        {/* The copy exists only for the seamless loop; assistive tech reads each story once. */}
        <div aria-hidden="true" className="flex motion-reduce:hidden">
          {items.map((t) => (
            <div key={t.name} className="shrink-0 pr-5">
              <TestimonialCard testimonial={t} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function TestimonialsCarousel() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-gray-50 py-14 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id="testimonials-heading"
          className="text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl"
        >
          What Our Customers Say
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-gray-600">
          Owners across the country used the build-out to go from an idea to an established business.
        </p>
      </div>
      <div className="mt-10 flex flex-col gap-5 [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)] motion-reduce:[mask-image:none]">
        {rows.map((row, i) => (
          <MarqueeRow key={i} items={row} reverse={i % 2 === 1} label={`Customer stories, row ${i + 1}`} />
        ))}
      </div>
    </section>
  );
}
