// The portal's pages: one list feeds the sidebar, the search box and the router.
export type NavItem = {
  path: string;
  label: string;
  /** The page's heading (the original product's screen name). */
  heading: string;
  section: 'RESOURCES' | 'BUSINESS SETUP' | 'WEB PRESENCE' | 'CREDIT BUILDING' | 'SUPPORT' | 'ADMIN';
  /** Sub-item of a collapsible group, keyed by the group's primary path. */
  parent?: string;
  /** Staff only (administrators and staff members). */
  adminOnly?: boolean;
  /** Administrators only: the portal itself rather than one client's work. */
  portalAdminOnly?: boolean;
  comingSoon?: boolean;
  live?: boolean;
};

export const navItems: NavItem[] = [
  { path: '/training', label: 'Training Videos', heading: 'Training Videos', section: 'RESOURCES' },
  {
    path: '/wealth-secrets',
    label: 'The Secret to Wealth: Volumes 1 & 2',
    heading: 'The Secret to Wealth: Volumes 1 & 2',
    section: 'RESOURCES',
  },
  { path: '/', label: 'Business Formation', heading: 'Business Formation', section: 'BUSINESS SETUP' },
  { path: '/documents', label: 'Business Documents', heading: 'Business Documents', section: 'BUSINESS SETUP' },
  // Under Business Documents (its documents are the packet's core): the full sidebar fits 1366x900 unscrolled.
  {
    path: '/funding-packet',
    label: 'Funding Packet',
    heading: 'Funding Packet',
    section: 'BUSINESS SETUP',
    parent: '/documents',
  },
  {
    path: '/business-presence',
    label: 'Business Accounts',
    heading: 'Business Presence Accounts',
    section: 'BUSINESS SETUP',
  },
  { path: '/bank', label: 'Business Bank Accounts', heading: 'Business Bank Accounts', section: 'BUSINESS SETUP' },
  { path: '/compliance', label: 'Business Compliance', heading: 'Business Compliance', section: 'BUSINESS SETUP' },
  { path: '/dnb', label: 'CapitalScore', heading: 'CapitalScore', section: 'BUSINESS SETUP', live: true },
  { path: '/website', label: 'Website', heading: 'Website', section: 'WEB PRESENCE' },
  {
    path: '/website-template',
    label: 'Website Template',
    heading: 'Website Template',
    section: 'WEB PRESENCE',
    parent: '/website',
  },
  {
    path: '/social-media',
    label: 'Social Media Accounts',
    heading: 'Social Media Accounts',
    section: 'WEB PRESENCE',
    parent: '/website',
  },
  { path: '/automations', label: 'Automations', heading: 'Automations', section: 'WEB PRESENCE', parent: '/website' },
  { path: '/fundability', label: 'Fundability', heading: 'Fundability', section: 'CREDIT BUILDING' },
  {
    path: '/first-step-accounts',
    label: 'First Step Accounts',
    heading: 'First Step Accounts',
    section: 'CREDIT BUILDING',
  },
  {
    path: '/term-loan',
    label: 'Credit & Loans',
    heading: 'Credit & Loans Directory',
    section: 'CREDIT BUILDING',
    parent: '/first-step-accounts',
  },
  {
    path: '/store-credit',
    label: 'Store Credit',
    heading: 'Store Credit Building',
    section: 'CREDIT BUILDING',
    parent: '/first-step-accounts',
  },
  {
    path: '/revolving-credit',
    label: 'Revolving Credit',
    heading: 'Revolving Credit',
    section: 'CREDIT BUILDING',
    parent: '/first-step-accounts',
  },
  {
    path: '/account-receivable',
    label: 'Account Receivables',
    heading: 'Account Receivables',
    section: 'CREDIT BUILDING',
    parent: '/first-step-accounts',
  },
  {
    path: '/purchase-order',
    label: 'Purchase Orders',
    heading: 'Purchase Orders',
    section: 'CREDIT BUILDING',
    parent: '/first-step-accounts',
  },
  { path: '/support', label: 'Support Chat', heading: 'Support Chat', section: 'SUPPORT' },
  { path: '/account', label: 'My Account', heading: 'Account Settings', section: 'SUPPORT' },
  { path: '/attention', label: 'Needs attention', heading: 'Needs attention', section: 'ADMIN', adminOnly: true },
  { path: '/clients', label: 'Clients', heading: 'Clients', section: 'ADMIN', adminOnly: true },
  {
    path: '/document-requests',
    label: 'Document Requests',
    heading: 'Document Requests',
    section: 'ADMIN',
    adminOnly: true,
  },
  { path: '/team', label: 'Team', heading: 'Team', section: 'ADMIN', adminOnly: true, portalAdminOnly: true },
  { path: '/statistics', label: 'App info', heading: 'App info', section: 'ADMIN', adminOnly: true, comingSoon: true },
];

/** Pages not in the sidebar but still routed. */
export const extraPages: Omit<NavItem, 'section'>[] = [
  { path: '/merchant', heading: 'Merchant Account', label: 'Merchant Account' },
  // Administrators reach these from the Support Chat inbox (the sidebar is full at 1366x900). The
  // targets page answers anyone (others read that only administrators set them); the report is
  // routed for staff only, where a staff member reads that it is the administrators'.
  { path: '/support-targets', heading: 'Support targets', label: 'Support targets', portalAdminOnly: true },
  // Reached from Business Programs on the home page.
  { path: '/agreements', heading: 'Service agreements', label: 'Service agreements', portalAdminOnly: true },
  {
    path: '/support-report',
    heading: 'Support report',
    label: 'Support report',
    adminOnly: true,
    portalAdminOnly: true,
  },
];

/** Whether the user sees `item`: staff see the staff's pages, administrators their own too. */
export const mayOpen = (item: Pick<NavItem, 'adminOnly' | 'portalAdminOnly'>, role: string | null | undefined) =>
  item.portalAdminOnly ? role === 'admin' : !item.adminOnly || role === 'admin' || role === 'staff';

export const sections = ['RESOURCES', 'BUSINESS SETUP', 'WEB PRESENCE', 'CREDIT BUILDING', 'SUPPORT', 'ADMIN'] as const;
