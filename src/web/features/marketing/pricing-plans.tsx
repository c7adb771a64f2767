import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatMoneyWhole } from '../../../shared/format';

type Plan = { name: string; total: number; payments: number; paymentAmount: number; highlights: string[] };

const plans: Plan[] = [
  {
    name: 'Standard Business Build-Out Program',
    total: 3200,
    payments: 2,
    paymentAmount: 1600,
    highlights: ['Company formation and EIN', 'Business bank account setup', 'Compliance reminders'],
  },
  {
    name: 'Advanced Business Build-Out Program',
    total: 4900,
    payments: 3,
    paymentAmount: 1635,
    highlights: ['Everything in Standard', 'Website and professional e-mail', 'Business credit starter accounts'],
  },
  {
    name: 'Enterprise Plan Business Build-Out Program',
    total: 9595,
    payments: 3,
    paymentAmount: 3199,
    highlights: ['Everything in Advanced', 'Store, revolving and term credit building', 'Priority support'],
  },
];

export function PricingPlans() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan, i) => (
        <li
          key={plan.name}
          className={cn(
            'flex flex-col rounded-xl border bg-white p-5',
            i === 1 ? 'border-brand-600 ring-1 ring-brand-600' : 'border-gray-200',
          )}
        >
          <h3 className="text-base font-semibold leading-snug text-gray-900 md:min-h-[3lh]">{plan.name}</h3>
          <p className="mt-3">
            <span className="text-3xl font-bold tracking-tight text-gray-900">{formatMoneyWhole(plan.total)}</span>
            <span className="ml-1 text-sm text-gray-500">total</span>
          </p>
          <p className="mt-1 text-sm text-gray-600">
            {plan.payments} payments of {formatMoneyWhole(plan.paymentAmount)}
          </p>
          <ul className="mt-4 space-y-2 border-t border-gray-100 pt-4">
            {plan.highlights.map((h) => (
              <li key={h} className="flex gap-2 text-sm text-gray-700">
                <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
                {h}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
