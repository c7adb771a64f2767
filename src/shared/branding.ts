// Company details shown on public pages, in the shell and in e-mails. One place to rebrand.
export const branding = {
  productName: 'Total Business Build-Out',
  appTitle: 'TOTAL BUSINESS BUILD-OUT',
  companyName: 'Build-Out Partners LLC',
  version: '5.25.3',
  address: '1200 Market Street, Suite 400, Wilmington, DE 19801',
  phone: '(302) 555-0148',
  email: 'support@buildout.example',
  // Where the logo points. Relative links stay inside this install when no company site exists.
  providerSite: '/',
  liveSupportUrl: 'mailto:support@buildout.example',
  // Support Chat's fixed agent header: shown 'online' while staff have the inbox open, otherwise the hours.
  supportAgent: {
    name: 'Support Team',
    photoUrl: null as string | null,
    hours: 'We reply Monday to Friday, 9 am to 6 pm Eastern',
  },
  // External page shown after sign-up; null keeps the user in the app.
  congratsUrl: null as string | null,
  policyLinks: [
    { label: 'Terms of Use', href: '/legal/terms' },
    { label: 'Privacy Policy', href: '/legal/privacy' },
    { label: 'Business Policy', href: '/legal/business-policy' },
    { label: 'Pricing and Fees', href: '/legal/pricing' },
    { label: 'Compliance Information', href: '/legal/compliance' },
  ],
  // 'Check out our other services' on Business Programs; point these at the company's pages.
  otherServices: [
    { label: 'Do It Yourself', href: '/legal/pricing' },
    { label: 'Business Tradelines', href: '/legal/pricing' },
    { label: 'Social Media Automations', href: '/legal/pricing' },
    { label: 'Credit Accelerator Program', href: '/legal/pricing' },
  ],
} as const;
