import { branding } from '../../../shared/branding';

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDocument = { title: string; summary: string; sections: LegalSection[] };

const { companyName: company, productName: product, email, phone, address } = branding;
const contact = `Questions about this page can be sent to ${email}, by phone at ${phone}, or by mail to ${company}, ${address}.`;

// Keys are the slugs of branding.policyLinks (/legal/:page).
export const legalDocuments: Record<string, LegalDocument> = {
  terms: {
    title: 'Terms of Use',
    summary: `These terms govern your use of the ${product} portal operated by ${company}. By creating an account or using the portal you agree to them.`,
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          `${product} helps you set up and run a new business: company formation, business banking, web presence, compliance reminders and business credit building. The portal shows your tasks, keeps your records and lets you talk to our team.`,
          'We prepare filings and applications on your behalf using the information you give us. Government agencies, banks, lenders and credit bureaus make their own decisions, and we cannot guarantee any particular approval, credit limit or score.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You must be at least 18 years old and able to form a contract. Keep your password private and tell us at once if you believe someone else has used your account. You are responsible for activity under your account.',
          'The information you enter must be accurate and complete. Filings based on wrong information may be rejected or may need to be corrected for a fee charged by the agency involved.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'Do not use the portal to form a business for an unlawful purpose, to impersonate another person, or to obtain credit under false information. Do not try to access another client’s data, probe the service for weaknesses or interfere with its operation. We may suspend accounts that break these rules.',
        ],
      },
      {
        heading: 'No legal, tax or financial advice',
        paragraphs: [
          `${company} is not a law firm, an accounting firm or a lender. Guidance in the portal, in training material and from our staff is general information. For advice on your specific situation, consult a licensed attorney, accountant or financial adviser.`,
        ],
      },
      {
        heading: 'Liability and changes',
        paragraphs: [
          'To the extent the law allows, our total liability for any claim about the service is limited to the amount you paid us in the twelve months before the claim. We are not liable for decisions made by third parties or for indirect or consequential losses.',
          'We may update these terms. When a change is material we will tell you by e-mail or in the portal before it takes effect; continuing to use the portal after that means you accept the new terms.',
          contact,
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    summary: `This policy explains what personal information ${company} collects through the ${product} portal, why, and the choices you have.`,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account details: your name, e-mail address, phone number and password (stored only as a secure hash). Business owner details needed for filings: legal name, home address, date of birth and Social Security number. Business details: company name, structure, addresses, bank account information and the accounts you open while building credit.',
          'We also keep a record of requests made to the portal, such as sign-ins and changes to your data, to protect your account and to answer your questions.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use your information to provide the build-out: preparing state filings, applying for your EIN, opening accounts, sending compliance reminders and supporting you. We send service e-mails about your account and your tasks; you can switch optional notifications off in My Account.',
          'We do not sell your personal information and we do not use it for advertising by third parties.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Only with the parties needed to do the work you asked for: state agencies and the IRS for formation and tax registration, banks and vendors when you apply for an account, and service providers that host our systems under written confidentiality obligations. We disclose information when the law requires it.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Social Security numbers, dates of birth, bank account numbers and stored passwords for third-party accounts are encrypted at rest. The portal shows them masked; revealing a full value is a separate action that is recorded, and you can see in your account who viewed or changed your data.',
        ],
      },
      {
        heading: 'Retention and your choices',
        paragraphs: [
          'We keep your records while your account is active and afterwards for as long as tax and business record-keeping rules require. You may ask for a copy of your data, ask us to correct it, or ask us to delete what we are not required to keep.',
          contact,
        ],
      },
    ],
  },
};
