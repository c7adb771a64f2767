import type { businessStructureValues } from './profile';

export type BusinessStructureValue = (typeof businessStructureValues)[number];
export type BusinessStructure = {
  value: BusinessStructureValue;
  label: string;
  description: string;
  pros: string[];
  cons: string[];
};

// The six options of the Business Owner Profile form (values and labels as the original product gives them).
export const businessStructures: readonly BusinessStructure[] = [
  {
    value: 'sole_proprietorship',
    label: 'Sole Proprietorship',
    description: 'One person owns and runs the business; the business and the owner are the same legal person.',
    pros: [
      'Simplest and cheapest to start',
      'Profits taxed once, on your personal return',
      'Full control of every decision',
    ],
    cons: [
      'No protection of personal assets from business debts',
      'Harder to build separate business credit',
      'Harder to raise money or bring in partners',
    ],
  },
  {
    value: 'general_partnership',
    label: 'Partnership',
    description: 'Two or more people own the business together and share its profits, losses and management.',
    pros: ['Easy and inexpensive to form', 'Pass-through taxation', 'Skills and capital of several owners'],
    cons: [
      'Each partner is personally liable for business debts',
      'Disagreements between partners can stall the business',
      'A partner leaving can end the partnership',
    ],
  },
  {
    value: 'llc',
    label: 'Limited Liability Company',
    description:
      'A separate legal entity that shields its owners (members) from business debts while keeping taxes and paperwork simple.',
    pros: [
      'Personal assets protected from business liabilities',
      'Pass-through taxation by default, S corporation election possible',
      'Flexible management and few formalities',
    ],
    cons: [
      'State formation and annual fees',
      'Self-employment tax on profits unless taxed as an S corporation',
      'Rules differ from state to state',
    ],
  },
  {
    value: 's_corp',
    label: 'S Corporation',
    description:
      'A corporation (or LLC) that elects to pass its income through to its shareholders, avoiding double taxation.',
    pros: [
      'Limited liability for shareholders',
      'Owners can save self-employment tax through a reasonable salary plus distributions',
      'Credibility with lenders and partners',
    ],
    cons: [
      'At most 100 shareholders, all US citizens or residents',
      'Only one class of stock',
      'Payroll, board minutes and stricter IRS scrutiny',
    ],
  },
  {
    value: 'c_corp',
    label: 'C Corporation',
    description:
      'A separate taxable entity owned by shareholders, the usual choice for companies that plan to raise investment.',
    pros: [
      'Strongest liability protection',
      'Unlimited shareholders and several classes of stock',
      'Preferred by venture investors',
    ],
    cons: [
      'Double taxation: corporate profits and then dividends',
      'Most paperwork, formalities and cost',
      'Losses cannot be deducted by the owners personally',
    ],
  },
  {
    value: 'professional_corp',
    label: 'Professional Corporation',
    description:
      'A corporation for licensed professionals such as doctors, lawyers or accountants, owned by licensed members of the profession.',
    pros: [
      'Protects owners from the business debts and the malpractice of colleagues',
      'Corporate tax options and benefits',
      'Meets state rules for licensed professions',
    ],
    cons: [
      'Owners stay liable for their own professional malpractice',
      'Only licensed professionals may own shares',
      'More state regulation and formalities',
    ],
  },
];

export const businessStructureByValue = (value: string) => businessStructures.find((s) => s.value === value);
