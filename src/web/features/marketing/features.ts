import { Building2, CalendarCheck, Globe, Landmark, TrendingUp, type LucideIcon } from 'lucide-react';

export type Feature = { id: string; title: string; summary: string; points: string[]; icon: LucideIcon };

// The ids double as in-page anchors (#company-formation ...) linked from the hero.
export const features: Feature[] = [
  {
    id: 'company-formation',
    title: 'Company formation',
    summary: 'Choose the right structure and get your company registered with the state, the right way.',
    points: ['LLC, corporation or partnership filing', 'EIN from the IRS', 'Registered agent and operating documents'],
    icon: Building2,
  },
  {
    id: 'business-banking',
    title: 'Business banking',
    summary: 'Keep business and personal money apart from day one with accounts suited to your structure.',
    points: [
      'Business checking account setup',
      'Merchant services for card payments',
      'Bank details kept in one secure place',
    ],
    icon: Landmark,
  },
  {
    id: 'web-presence',
    title: 'Web presence',
    summary: 'Look established online so customers, lenders and vendors can find and trust you.',
    points: ['Business website and domain', 'Professional e-mail and phone', 'Directory listings and social profiles'],
    icon: Globe,
  },
  {
    id: 'compliance-reminders',
    title: 'Compliance reminders',
    summary: 'Stay in good standing without memorising deadlines: we tell you what is due and when.',
    points: [
      'Annual reports and franchise taxes',
      'License and permit renewals',
      'Reminders well before each due date',
    ],
    icon: CalendarCheck,
  },
  {
    id: 'business-credit',
    title: 'Business credit',
    summary: 'Build a credit profile in the company name, separate from your personal credit.',
    points: [
      'D-U-N-S number and bureau profiles',
      'Starter vendor accounts that report',
      'Track your scores as they grow',
    ],
    icon: TrendingUp,
  },
];
