import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { planSummary, programs } from '../../../shared/programs-rules';

/** The three build-out programs, each linking to its details on the home page. */
export function PlanCards() {
  return (
    <section aria-labelledby="plans-heading">
      <h3 id="plans-heading" className="text-sm font-semibold text-gray-900">
        Build-out programs
      </h3>
      <ul className="mt-2 grid gap-3 md:grid-cols-3">
        {programs.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
            <span className="text-sm font-semibold leading-snug text-gray-900">{p.name}</span>
            <span className="text-sm text-gray-600">{planSummary(p)}</span>
            <Link
              to={`/?program=${p.id}#business-programs`}
              className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              View program <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
