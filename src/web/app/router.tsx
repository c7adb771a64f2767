import type React from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AdminOnly, GuestOnly, Protected } from './guards';
import { Shell } from './shell/shell';
import { navItems, extraPages } from './nav';
import { MarketingLayout } from '../features/marketing/marketing-layout';
import { LegalPage } from '../features/marketing/legal-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignInAutoPage } from '../features/auth/sign-in-auto-page';
import { GrantPage } from '../features/auth/grant-page';
import { ForgetPasswordPage } from '../features/auth/forget-password-page';
import { UpdatePasswordPage } from '../features/auth/update-password-page';
import { PlaceholderPage } from '../features/placeholders/placeholder-page';
import { AccountPage } from '../features/account/account-page';
import { ClientsPage } from '../features/clients/clients-page';
import { HomePage } from '../features/home/home-page';
import { CompliancePage } from '../features/compliance/compliance-page';
import { BankAccountsPage } from '../features/bank-accounts/bank-accounts-page';
import { BusinessAccountsPage } from '../features/business-accounts/business-accounts-page';
import { DocumentsPage } from '../features/documents/documents-page';

const pages = [...navItems, ...extraPages];
// Pages built so far; every other route shows its placeholder.
const built: Record<string, React.ReactNode> = { '/': <HomePage />, '/compliance': <CompliancePage />, '/account': <AccountPage />, '/clients': <ClientsPage />, '/bank': <BankAccountsPage />, '/business-presence': <BusinessAccountsPage />, '/documents': <DocumentsPage /> };
const element = (path: string) => built[path] ?? <PlaceholderPage path={path} />;
const userPages = pages.filter((p) => !('adminOnly' in p && p.adminOnly));
const adminPages = pages.filter((p) => 'adminOnly' in p && p.adminOnly);

export const router = createBrowserRouter([
  {
    element: <GuestOnly />,
    children: [
      { path: '/signin/auto', element: <SignInAutoPage /> },
      {
        element: <MarketingLayout />,
        children: [
          { path: '/signup', element: <SignUpPage /> },
          { path: '/signin', element: <SignInPage /> },
          { path: '/forget', element: <ForgetPasswordPage /> },
          { path: '/update-password', element: <UpdatePasswordPage /> },
        ],
      },
    ],
  },
  // Outside the guest guard: it must show its own progress and errors while the session settles.
  { path: '/signup/v/user/grant', element: <GrantPage /> },
  { element: <MarketingLayout />, children: [{ path: '/legal/:page', element: <LegalPage /> }] },
  {
    element: <Protected />,
    children: [
      {
        element: <Shell />,
        children: [
          ...userPages.map((p) => ({ path: p.path, element: element(p.path) })),
          { element: <AdminOnly />, children: adminPages.map((p) => ({ path: p.path, element: element(p.path) })) },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
