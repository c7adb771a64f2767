import { Link, useLocation } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { BrandLogo } from './brand-logo';

/** Offers the way forward from here: the other auth form, or the app once signed in. */
function HeaderActions() {
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  if (isAuthenticated) {
    return (
      <Button asChild size="sm">
        <Link to="/">Go to dashboard</Link>
      </Button>
    );
  }
  return (
    <div className="flex shrink-0 items-center gap-2">
      {pathname !== '/signin' && (
        <Button asChild size="sm" variant="outline">
          <Link to="/signin">Sign In</Link>
        </Button>
      )}
      {pathname !== '/signup' && (
        <Button asChild size="sm">
          <Link to="/signup">Sign Up</Link>
        </Button>
      )}
    </div>
  );
}

export function MarketingHeader() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <div className="flex items-center gap-4">
          {!isAuthenticated && (
            <p className="hidden text-sm font-medium text-gray-600 md:block">Are you ready to start your business?</p>
          )}
          <HeaderActions />
        </div>
      </div>
      {!isAuthenticated && (
        <p className="border-t border-gray-100 bg-brand-50 px-4 py-1.5 text-center text-xs font-medium text-brand-900 md:hidden">
          Are you ready to start your business?
        </p>
      )}
    </header>
  );
}
