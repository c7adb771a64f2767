import { createElement } from 'react';
import {
  BookOpen, Briefcase, Building2, CirclePlay, ClipboardList, CreditCard, FileText, FileUp, Footprints, Gauge, Globe,
  HandCoins, Info, ListChecks, Landmark, LayoutTemplate, MessageCircle, ReceiptText, Share2, ShieldCheck, Store, UserCog,
  Users, Wallet, Workflow, type LucideIcon,
} from 'lucide-react';

// Kept apart from nav.ts so the page list stays free of UI imports (the router reads it too).
const icons: Record<string, LucideIcon> = {
  '/training': CirclePlay,
  '/wealth-secrets': BookOpen,
  '/': Building2,
  '/documents': FileText,
  '/business-presence': Briefcase,
  '/bank': Landmark,
  '/compliance': ShieldCheck,
  '/dnb': Gauge,
  '/website': Globe,
  '/website-template': LayoutTemplate,
  '/social-media': Share2,
  '/automations': Workflow,
  '/fundability': ListChecks,
  '/first-step-accounts': Footprints,
  '/term-loan': HandCoins,
  '/store-credit': Store,
  '/revolving-credit': CreditCard,
  '/account-receivable': ReceiptText,
  '/purchase-order': ClipboardList,
  '/support': MessageCircle,
  '/account': UserCog,
  '/clients': Users,
  '/document-requests': FileUp,
  '/statistics': Info,
  '/merchant': Wallet,
};

/** The page's icon; createElement because the icon is looked up, not a component declared here. */
export const NavIcon = ({ path, className }: { path: string; className?: string }) =>
  createElement(icons[path] ?? FileText, { 'aria-hidden': true, className });
