import { Clock, Construction, Lock } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { extraPages, navItems } from '../../app/nav';
import { useDocumentTitle } from './use-document-title';

const headingOf = (path: string) => [...navItems, ...extraPages].find((page) => page.path === path)?.heading ?? 'Page';

function PageHeading({ children }: { children: string }) {
  return <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{children}</h1>;
}

/** An honest empty state: says the area is coming, offers nothing that would not work. */
function Notice({ icon: Icon, title, children }: { icon: typeof Construction; title: string; children: string }) {
  return (
    <Card className="mt-6">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
          <Icon aria-hidden className="size-6 text-brand-700" />
        </span>
        <h2 className="text-base font-semibold text-gray-900">{title}</h2>
        <p className="max-w-md text-sm text-gray-600">{children}</p>
      </CardContent>
    </Card>
  );
}

/**
 * Stands in for areas not built yet. The few screens whose whole specified content is static text
 * (Website, First Step Accounts, App info) are rendered in full here.
 */
export function PlaceholderPage({ path }: { path: string }) {
  const heading = headingOf(path);
  useDocumentTitle(heading);

  if (path === '/website') {
    return (
      <div>
        <PageHeading>Website</PageHeading>
        <p className="mt-1 text-sm text-gray-600">Manage your business website presence</p>
      </div>
    );
  }

  if (path === '/first-step-accounts') {
    // The original product's whole screen is this notice, so its title is the page's heading.
    return (
      <Card className="mx-auto max-w-xl">
        <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
            <Lock aria-hidden className="size-6 text-brand-700" />
          </span>
          <h1 className="text-xl font-semibold text-gray-900">Members Only Access</h1>
          <p className="max-w-md text-sm text-gray-600">This section is exclusive to registered members.</p>
        </CardContent>
      </Card>
    );
  }

  if (path === '/statistics') {
    return (
      <div>
        <PageHeading>{heading}</PageHeading>
        <Notice icon={Clock} title="Coming soon">
          App info is coming soon.
        </Notice>
      </div>
    );
  }

  return (
    <div>
      <PageHeading>{heading}</PageHeading>
      <Notice icon={Construction} title="This area is being built">
        {`${heading} will arrive in a coming release. Nothing here needs your attention yet.`}
      </Notice>
    </div>
  );
}
