import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { branding } from '../../../shared/branding';
import { isHttpUrl } from '../../../shared/urls-rules';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/**
 * 'Check out our other services': each link goes where branding points it. A company page
 * (http/https) opens in a new tab and says so with the external-link icon; a page of this portal
 * (the default, /legal/pricing) opens in place, with no icon.
 */
export function OtherServices() {
  return (
    <section aria-labelledby="other-services-heading">
      <h3 id="other-services-heading" className="text-base font-semibold text-gray-900">
        Check out our other services
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {branding.otherServices.map((s) => (
          <li key={s.label}>
            {isHttpUrl(s.href) ? (
              <a href={s.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {s.label} <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link to={s.href} className={linkClass}>
                {s.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
