import { Mail, MapPin, Monitor, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { branding } from '../../../shared/branding';
import { BrandLogo } from './brand-logo';

const telHref = `tel:+1${branding.phone.replace(/\D/g, '')}`;

export function MarketingFooter() {
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="space-y-4">
          <BrandLogo />
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <Monitor className="size-4 text-gray-400" aria-hidden="true" />
            <span>
              <span className="font-medium text-gray-900">Desktop Application</span>
              <span className="block">Business Administration version {branding.version}</span>
            </span>
          </p>
        </div>

        <address className="space-y-3 text-sm not-italic text-gray-600">
          <h2 className="text-sm font-semibold text-gray-900">Contact us</h2>
          <p className="flex gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-gray-400" aria-hidden="true" />
            {branding.address}
          </p>
          <p className="flex gap-2">
            <Phone className="mt-0.5 size-4 shrink-0 text-gray-400" aria-hidden="true" />
            <a href={telHref} className="hover:text-brand-800 hover:underline">
              <span className="sr-only">Support phone: </span>
              {branding.phone}
            </a>
          </p>
          <p className="flex gap-2">
            <Mail className="mt-0.5 size-4 shrink-0 text-gray-400" aria-hidden="true" />
            <a href={`mailto:${branding.email}`} className="break-all hover:text-brand-800 hover:underline">
              <span className="sr-only">Support e-mail: </span>
              {branding.email}
            </a>
          </p>
        </address>

        <nav aria-labelledby="footer-legal-heading">
          <h2 id="footer-legal-heading" className="text-sm font-semibold text-gray-900">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {branding.policyLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="text-gray-600 hover:text-brand-800 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-200">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-gray-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {branding.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
