import { lazyPage } from './lazy-page';

// The signed-in pages built so far, each its own chunk; every other route shows its placeholder.
// The build reads this table (routePreloads in scripts/vite-plugins.ts): the server's page for a
// signed-in user names the chunks of its path, so they load beside the entry (decision 0014).
export const builtPages: Record<string, ReturnType<typeof lazyPage>> = {
  '/': lazyPage(() => import('../features/home/home-page'), 'HomePage'),
  '/compliance': lazyPage(() => import('../features/compliance/compliance-page'), 'CompliancePage'),
  '/account': lazyPage(() => import('../features/account/account-page'), 'AccountPage'),
  '/clients': lazyPage(() => import('../features/clients/clients-page'), 'ClientsPage'),
  '/document-requests': lazyPage(
    () => import('../features/document-requests/document-requests-page'),
    'DocumentRequestsPage',
  ),
  '/attention': lazyPage(() => import('../features/attention/attention-page'), 'AttentionPage'),
  '/bank': lazyPage(() => import('../features/bank-accounts/bank-accounts-page'), 'BankAccountsPage'),
  '/business-presence': lazyPage(
    () => import('../features/business-accounts/business-accounts-page'),
    'BusinessAccountsPage',
  ),
  '/documents': lazyPage(() => import('../features/documents/documents-page'), 'DocumentsPage'),
  '/funding-packet': lazyPage(() => import('../features/funding-packet/funding-packet-page'), 'FundingPacketPage'),
  '/wealth-secrets': lazyPage(() => import('../features/books/books-page'), 'BooksPage'),
  '/training': lazyPage(() => import('../features/training/training-page'), 'TrainingPage'),
  '/dnb': lazyPage(() => import('../features/scores/scores-page'), 'ScoresPage'),
  '/fundability': lazyPage(() => import('../features/fundability/fundability-page'), 'FundabilityPage'),
  '/term-loan': lazyPage(() => import('../features/loans/loans-page'), 'LoansPage'),
  '/merchant': lazyPage(() => import('../features/merchant/merchant-page'), 'MerchantPage'),
  '/first-step-accounts': lazyPage(() => import('../features/first-step/first-step-page'), 'FirstStepAccountsPage'),
  '/account-receivable': lazyPage(() => import('../features/records/records-page'), 'AccountReceivablesPage'),
  '/purchase-order': lazyPage(() => import('../features/records/records-page'), 'PurchaseOrdersPage'),
  '/website': lazyPage(() => import('../features/website/website-page'), 'WebsitePage'),
  '/website-template': lazyPage(() => import('../features/website/website-template-page'), 'WebsiteTemplatePage'),
  '/social-media': lazyPage(() => import('../features/social-accounts/social-accounts-page'), 'SocialAccountsPage'),
  '/store-credit': lazyPage(() => import('../features/cards/cards-page'), 'StoreCreditPage'),
  '/revolving-credit': lazyPage(() => import('../features/cards/cards-page'), 'RevolvingCreditPage'),
  '/automations': lazyPage(() => import('../features/automations/automations-page'), 'AutomationsPage'),
  '/team': lazyPage(() => import('../features/team/team-page'), 'TeamPage'),
  '/support-targets': lazyPage(() => import('../features/support-targets/support-targets-page'), 'SupportTargetsPage'),
  '/support-report': lazyPage(() => import('../features/support-report/support-report-page'), 'SupportReportPage'),
  '/agreements': lazyPage(() => import('../features/billing/agreement-templates-page'), 'AgreementTemplatesPage'),
  '/support': lazyPage(() => import('../features/support/support-page'), 'SupportPage'),
};

export const PlaceholderPage = lazyPage(() => import('../features/placeholders/placeholder-page'), 'PlaceholderPage');
