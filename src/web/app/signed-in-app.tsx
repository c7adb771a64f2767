import { Suspense, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/class-merge';
import { FirstLoginSetup } from './first-login-setup';
import { AdminOnly } from './guards';
import { navItems, extraPages } from './nav';
import { builtPages, PlaceholderPage } from './pages';
import { queryClient } from './query-client';
import { Shell } from './shell/shell';

const pages = [...navItems, ...extraPages];
const userPages = pages.filter((p) => !('adminOnly' in p && p.adminOnly));
const adminPages = pages.filter((p) => 'adminOnly' in p && p.adminOnly);

/** Inside the shell, only the page's own area waits for its chunk. */
function PageLoading() {
  return (
    <p role="status" className="py-12 text-center text-sm text-gray-500">
      Loading...
    </p>
  );
}

const element = (path: string) => {
  const Page = builtPages[path];
  return <Suspense fallback={<PageLoading />}>{Page ? <Page /> : <PlaceholderPage path={path} />}</Suspense>;
};

/**
 * Everything behind the sign-in, in its own chunk: the query cache, first-login set-up, the shell
 * and the pages' routes. The guest pages load none of it.
 */
export function SignedInApp() {
  // Each session starts with an empty cache: nothing a query of the previous session rebuilt
  // while signing out (its requests refused by the closed API gate) is shown to the next one.
  useState(() => queryClient.clear());
  return (
    <QueryClientProvider client={queryClient}>
      <FirstLoginSetup>
        <Routes>
          <Route element={<Shell />}>
            {userPages.map((p) => (
              <Route key={p.path} path={p.path} element={element(p.path)} />
            ))}
            <Route element={<AdminOnly />}>
              {adminPages.map((p) => (
                <Route key={p.path} path={p.path} element={element(p.path)} />
              ))}
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </FirstLoginSetup>
    </QueryClientProvider>
  );
}
