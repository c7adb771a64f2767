import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, ExternalLink, FileCode, Globe, Share2 } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ClientSelector } from '../../components/client-selector';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { formatDateTime } from '../../../shared/format';
import { safeHref } from '../../../shared/urls-rules';
import { profileQuery } from '../account/api';
import { templateQuery } from './api';
import { usePageClient } from '../../lib/use-page-client';

/** /website: the business website from the profile, whether a template is saved, and the way to the template and social accounts. */
export function WebsitePage() {
  useDocumentTitle('Website');
  const { isAdmin, clientId, choose, linkTo } = usePageClient();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Website</h1>
        <p className="text-sm text-gray-600">Manage your business website presence</p>
      </header>
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId && (
        <div className="grid gap-4 md:grid-cols-3">
          <BusinessWebsite key={`site-${clientId}`} clientId={clientId} isAdmin={isAdmin} />
          <TemplateStatus key={`template-${clientId}`} clientId={clientId} to={linkTo('/website-template')} />
          <Tile icon={<Share2 className="size-5 text-brand-700" aria-hidden="true" />} title="Social Media Accounts">
            <p className="text-sm text-gray-700">
              {isAdmin ? "This client's" : 'Your'} platforms, logins and profile links in one place, passwords
              encrypted.
            </p>
            <GoTo to={linkTo('/social-media')}>Social Media Accounts</GoTo>
          </Tile>
        </div>
      )}
    </div>
  );
}

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col">
      <div className="flex items-center gap-2 p-4 pb-2">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50">{icon}</span>
        <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      </div>
      <CardContent className="flex flex-1 flex-col gap-3 p-4 pt-0">{children}</CardContent>
    </Card>
  );
}

function GoTo({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-auto">
      <Button asChild size="sm" variant="outline">
        <Link to={to}>
          {children} <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

const Loading = ({ what }: { what: string }) => (
  <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
    <Spinner className="size-4" label="" /> Loading {what}...
  </p>
);

function BusinessWebsite({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const profile = useQuery(profileQuery(clientId));
  const website = profile.data?.businessWebsite ?? '';
  const href = safeHref(website);
  return (
    <Tile icon={<Globe className="size-5 text-brand-700" aria-hidden="true" />} title="Business Website">
      {profile.isError ? (
        <Alert tone="error">Could not load the business website.</Alert>
      ) : profile.isPending ? (
        <Loading what="the business website" />
      ) : href ? (
        <>
          <p className="text-sm text-gray-700">
            {isAdmin ? "The website on this client's business profile." : 'The website on your business profile.'}
          </p>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-w-0 items-center gap-1 break-all text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {website}
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
          </a>
        </>
      ) : (
        <p className="text-sm text-gray-700">
          {isAdmin
            ? "No business website on this client's profile yet."
            : 'No business website on your profile yet. Add it under My Account.'}
        </p>
      )}
      {!isAdmin && !profile.isPending && <GoTo to="/account">My Account</GoTo>}
    </Tile>
  );
}

function TemplateStatus({ clientId, to }: { clientId: string; to: string }) {
  const template = useQuery(templateQuery(clientId));
  return (
    <Tile icon={<FileCode className="size-5 text-brand-700" aria-hidden="true" />} title="Website Template">
      {template.isError ? (
        <Alert tone="error">Could not check the template.</Alert>
      ) : template.isPending ? (
        <Loading what="the template" />
      ) : template.data ? (
        <p className="text-sm text-gray-700">
          A template is saved (last saved {formatDateTime(template.data.updatedAt)}).
        </p>
      ) : (
        <p className="text-sm text-gray-700">No template saved yet.</p>
      )}
      <GoTo to={to}>Website Template</GoTo>
    </Tile>
  );
}
