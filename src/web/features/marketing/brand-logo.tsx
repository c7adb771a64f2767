import { Link } from 'react-router';
import { branding } from '../../../shared/branding';
import { cn } from '../../lib/cn';

// providerSite may be the company's own site or, in a self-hosted install, a path inside the app.
const isInternal = branding.providerSite.startsWith('/');

export function BrandLogo({ className }: { className?: string }) {
  const content = (
    <>
      <img src="/marketing/logo.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
      <span className="text-xs font-bold leading-tight tracking-wide text-gray-900 sm:text-base">
        {/* A non-breaking hyphen keeps "BUILD-OUT" whole when the title wraps on phones. */}
        {branding.appTitle.replaceAll('-', '\u2011')}
      </span>
    </>
  );
  const classes = cn(
    'inline-flex items-center gap-2.5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
    className,
  );
  const label = `${branding.productName} home`;
  return isInternal ? (
    <Link to={branding.providerSite} className={classes} aria-label={label}>
      {content}
    </Link>
  ) : (
    <a href={branding.providerSite} className={classes} aria-label={label}>
      {content}
    </a>
  );
}
