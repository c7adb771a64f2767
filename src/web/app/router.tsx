import { Suspense, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { FullPageLoading, GuestOnly, Protected } from './guards';
import { lazyPage } from './lazy-page';
import { withClassMerge } from '../lib/with-class-merge';
import { TWO_FACTOR_SETUP_PATH } from '../../shared/two-factor';

// Every area is its own chunk, loaded when its route is first shown: the entry holds React, the
// router, the session and the guards; the marketing pages and the signed-in app load apart. The
// sign-in page and the marketing layout are the first load's and do without tailwind-merge
// (lib/cn.ts); every other page brings it.
const MarketingLayout = lazyPage(() => import('../features/marketing/marketing-layout'), 'MarketingLayout');
const SignInPage = lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage');
const LegalPage = lazyPage(() => withClassMerge(import('../features/marketing/legal-page')), 'LegalPage');
const SignUpPage = lazyPage(() => withClassMerge(import('../features/auth/sign-up-page')), 'SignUpPage');
const SignInAutoPage = lazyPage(() => import('../features/auth/sign-in-auto-page'), 'SignInAutoPage');
const GrantPage = lazyPage(() => withClassMerge(import('../features/auth/grant-page')), 'GrantPage');
const ForgetPasswordPage = lazyPage(
  () => withClassMerge(import('../features/auth/forget-password-page')),
  'ForgetPasswordPage',
);
const UpdatePasswordPage = lazyPage(
  () => withClassMerge(import('../features/auth/update-password-page')),
  'UpdatePasswordPage',
);
const SignedInApp = lazyPage(() => import('./signed-in-app'), 'SignedInApp');
const TwoFactorSetupPage = lazyPage(
  () => withClassMerge(import('../features/two-factor/two-factor-setup-page')),
  'TwoFactorSetupPage',
);

const guestPages = {
  '/signup': SignUpPage,
  '/signin': SignInPage,
  '/forget': ForgetPasswordPage,
  '/update-password': UpdatePasswordPage,
};

/** A page inside the marketing layout: the header and hero stay while its form loads. */
const inLayout = (page: ReactNode) => <Suspense fallback={<div className="min-h-96" />}>{page}</Suspense>;

/**
 * Starts loading the chunks the URL being opened needs, all at once (layout and page), while the
 * session is checked. Without it the page's chunk would only be asked for once the layout's arrived.
 * A signed-in page's own chunk is not named here: the server's page names it with the signed-in
 * app's (modulepreload links, docs/decisions/0014), and the table of those pages stays out of the
 * entry that every guest loads.
 */
export function preloadRoute(pathname: string) {
  const guest = Object.entries(guestPages).find(([path]) => matchPath(path, pathname));
  const chunks = guest
    ? [MarketingLayout, guest[1]]
    : matchPath('/legal/:page', pathname)
      ? [MarketingLayout, LegalPage]
      : matchPath('/signin/auto', pathname)
        ? [SignInAutoPage]
        : matchPath('/signup/v/user/grant', pathname)
          ? [GrantPage]
          : matchPath(TWO_FACTOR_SETUP_PATH, pathname)
            ? [TwoFactorSetupPage]
            : [SignedInApp];
  for (const chunk of chunks) chunk.preload().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path="/signin/auto" element={<SignInAutoPage />} />
          <Route element={<MarketingLayout />}>
            {Object.entries(guestPages).map(([path, Page]) => (
              <Route key={path} path={path} element={inLayout(<Page />)} />
            ))}
          </Route>
        </Route>
        {/* Outside the guest guard: it must show its own progress and errors while the session settles. */}
        <Route path="/signup/v/user/grant" element={<GrantPage />} />
        <Route element={<MarketingLayout />}>
          <Route path="/legal/:page" element={inLayout(<LegalPage />)} />
        </Route>
        {/* Every other URL is the signed-in app's (its own routes, in its own chunk). */}
        <Route element={<Protected />}>
          {/* Outside the shell: an administrator without two-factor sign-in reaches nothing else. */}
          <Route path={TWO_FACTOR_SETUP_PATH} element={<TwoFactorSetupPage />} />
          <Route path="*" element={<SignedInApp />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
