import { branding } from '../../../shared/branding';
import type { LegalDocument } from './legal-documents';

const { companyName: company, productName: product, email, phone } = branding;

export const businessDocuments: Record<string, LegalDocument> = {
  'business-policy': {
    title: 'Business Policy',
    summary: `How ${company} works with clients of the ${product} program: what we do, what we need from you, and how cancellations and refunds are handled.`,
    sections: [
      {
        heading: 'How a build-out runs',
        paragraphs: [
          'After you choose a program, your dashboard lists each step in order. Formation usually comes first, followed by banking, web presence and business credit. Each task shows its status and due date, so you always know what is done and what is waiting for you.',
          'Processing times depend on the state and on third parties. Most formations are filed within two business days of receiving complete information; state approval can take from one day to several weeks.',
        ],
      },
      {
        heading: 'What we need from you',
        paragraphs: [
          'Complete and accurate owner and business information, prompt answers when an agency or bank asks for documents, and your agreement before we file anything in your name. Delays on your side pause the timeline; they do not shorten it.',
        ],
      },
      {
        heading: 'Cancellations and refunds',
        paragraphs: [
          'You may cancel at any time by contacting support. Payments for steps that have not started are refunded. Fees already paid to government agencies or third parties on your behalf cannot be recovered, and completed work is not refunded.',
          `Refund requests are answered within five business days at ${email}.`,
        ],
      },
      {
        heading: 'Support',
        paragraphs: [
          `Our team answers through the portal’s support chat, by e-mail at ${email} and by phone at ${phone} on business days. Urgent deadline questions are handled first.`,
        ],
      },
    ],
  },
  pricing: {
    title: 'Pricing and Fees',
    summary:
      'Three build-out programs with fixed prices, paid in monthly installments. No credit card is needed to create an account and start your first steps.',
    sections: [
      {
        heading: 'How payment works',
        paragraphs: [
          'Choose a program in the portal and request payment instructions; our team e-mails them to you. The first installment starts the program and the rest are due monthly. Every payment appears in your payment history as pending until it is received and completed afterwards.',
        ],
      },
      {
        heading: 'Fees charged by others',
        paragraphs: [
          'State filing fees, registered agent renewals after the first year, domain renewals and charges of banks or vendors are set by those parties. We show them to you before anything is paid and never add a markup.',
        ],
      },
      {
        heading: 'Changing programs',
        paragraphs: [
          'You can move up to a larger program at any time; what you have already paid counts toward the new total. See the Business Policy for cancellations and refunds.',
        ],
      },
    ],
  },
  compliance: {
    title: 'Compliance Information',
    summary: `What it takes to keep a business in good standing, and how ${product} helps you meet those obligations.`,
    sections: [
      {
        heading: 'Your ongoing obligations',
        paragraphs: [
          'Most states require an annual or biennial report and a fee, and some charge a franchise tax. Businesses must also keep a registered agent, renew licenses and permits, and file federal and state tax returns. Missing these can lead to penalties or loss of good standing.',
        ],
      },
      {
        heading: 'How we help',
        paragraphs: [
          'The Business Compliance area lists the obligations that apply to your structure and state, with due dates. You receive reminders by e-mail and in the portal well before each deadline, and you can record when a filing is done.',
          'Reminders are a convenience, not a substitute for your own responsibility to file on time. When in doubt, check with your state or a licensed professional.',
        ],
      },
      {
        heading: 'Identity checks and fair use of credit',
        paragraphs: [
          'Banks and lenders are required by law to verify the identity of business owners. We pass on only the information they require. Business credit must be used for business purposes, and information given to lenders must be truthful.',
          `To report a concern about compliance or misuse of the service, write to ${email}. Reports are reviewed promptly and handled confidentially.`,
        ],
      },
    ],
  },
};
