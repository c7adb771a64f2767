import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { branding } from '../../../shared/branding';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { businessDocuments } from './legal-documents-business';
import { legalDocuments, type LegalDocument } from './legal-documents';
import { PricingPlans } from './pricing-plans';

const documents: Record<string, LegalDocument> = { ...legalDocuments, ...businessDocuments };

function OtherPolicies({ current }: { current: string }) {
  return (
    <nav aria-label="Other policies" className="flex flex-wrap gap-2">
      {branding.policyLinks.map((link) => (
        <Link
          key={link.href}
          to={link.href}
          aria-current={link.href === `/legal/${current}` ? 'page' : undefined}
          className={cn(
            'rounded-full border px-3 py-1 text-xs font-medium transition-colors',
            link.href === `/legal/${current}`
              ? 'border-brand-800 bg-brand-800 text-white'
              : 'border-gray-200 bg-white text-gray-700 hover:border-brand-600 hover:text-brand-800',
          )}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

function NotFound() {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-10 text-center shadow-sm">
      <FileQuestion className="mx-auto size-10 text-gray-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Page not found</h1>
      <p className="mt-2 text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to="/signin">Go to sign in</Link>
      </Button>
    </div>
  );
}

export function LegalPage() {
  const { page = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const doc = Object.hasOwn(documents, page) ? documents[page] : undefined;

  useEffect(() => {
    document.title = `${doc?.title ?? 'Page not found'} | ${branding.productName}`;
    return () => {
      document.title = branding.productName;
    };
  }, [doc]);

  if (!doc) return <NotFound />;
  return (
    <div className="space-y-6">
      <Link
        to={isAuthenticated ? '/' : '/signin'}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-600 hover:text-brand-800"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {isAuthenticated ? 'Back to dashboard' : 'Back to sign in'}
      </Link>
      <article className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-10">
        <header className="border-b border-gray-100 pb-6">
          <p className="text-sm font-medium text-brand-700">{branding.companyName}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-gray-900">{doc.title}</h1>
          <p className="mt-3 text-gray-600">{doc.summary}</p>
        </header>
        {page === 'pricing' && (
          <div className="mt-8">
            <h2 className="sr-only">Programs</h2>
            <PricingPlans />
          </div>
        )}
        <div className="mt-8 space-y-8">
          {doc.sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-lg font-semibold text-gray-900">{section.heading}</h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-3 leading-relaxed text-gray-700">
                  {text}
                </p>
              ))}
            </section>
          ))}
        </div>
      </article>
      <OtherPolicies current={page} />
    </div>
  );
}
