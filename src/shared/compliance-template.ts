// The 45-task business build-out every new client starts with (first-login setup). One task a
// day over 45 days: onboarding, formation, banking, web presence, licences and taxes, business
// credit, then the recurring compliance calendar.

export type TaskPriority = 'High' | 'Medium' | 'Low';

export type ComplianceTemplateTask = {
  name: string;
  description: string;
  priority: TaskPriority;
  /** Days after set-up the task falls due (1..45). */
  dueInDays: number;
  isBusinessLicense: boolean;
  isTaxForm: boolean;
  isCompliance: boolean;
};

/** Names other screens refer to (dashboard tiles, My Account completion, Contact Support). */
export const FREE_GUIDE_TASK = 'Download Your Free Guide';
export const CONTACT_SUPPORT_TASK = 'Contact Support';
export const MY_ACCOUNT_TASK = 'Complete Your My Account Section';

export const BUILD_OUT_DAYS = 45;

type Flags = Partial<Pick<ComplianceTemplateTask, 'isBusinessLicense' | 'isTaxForm' | 'isCompliance'>>;
const task = (
  dueInDays: number,
  priority: TaskPriority,
  name: string,
  description: string,
  flags: Flags = {},
): ComplianceTemplateTask => ({
  name,
  description,
  priority,
  dueInDays,
  isBusinessLicense: flags.isBusinessLicense ?? false,
  isTaxForm: flags.isTaxForm ?? false,
  isCompliance: flags.isCompliance ?? false,
});

export const complianceTemplate: readonly ComplianceTemplateTask[] = [
  // Getting started
  task(
    1,
    'High',
    FREE_GUIDE_TASK,
    'Download the free build-out guide from your dashboard. It walks through every step of the next 45 days and what to prepare for each.',
  ),
  task(
    1,
    'High',
    MY_ACCOUNT_TASK,
    'Fill in every field of the Business Owner Profile on My Account and confirm with I AGREE, so our team can start filing on your behalf.',
  ),
  task(
    2,
    'Medium',
    CONTACT_SUPPORT_TASK,
    'Say hello to our support team from your dashboard. We confirm your program, answer questions and agree on how we keep in touch.',
  ),
  // Formation
  task(
    2,
    'High',
    'Choose Your Business Name',
    'Pick a name and two alternatives. Avoid names that are too close to existing businesses in your state or industry.',
  ),
  task(
    3,
    'High',
    'Check Name Availability and Trademarks',
    "Search your Secretary of State's business registry and the USPTO trademark database to make sure your name is free to use.",
    { isCompliance: true },
  ),
  task(
    3,
    'High',
    'Choose Your Business Structure',
    'Decide between sole proprietorship, partnership, LLC, S corporation or C corporation. The structure drives liability, taxes and paperwork.',
  ),
  task(
    4,
    'High',
    'Appoint a Registered Agent',
    'Name a registered agent with a physical address in your state of formation to receive legal notices and state mail during business hours.',
    { isCompliance: true },
  ),
  task(
    5,
    'High',
    'File Articles of Organization or Incorporation',
    'File the formation documents with your Secretary of State and pay the state filing fee. Keep the stamped copy with your business documents.',
    { isCompliance: true },
  ),
  task(
    6,
    'High',
    'Obtain Your EIN',
    'Apply for an Employer Identification Number with the IRS (free, online). You need it for the bank account, tax registrations and vendor accounts.',
    { isTaxForm: true },
  ),
  task(
    7,
    'High',
    'Draft Your Operating Agreement or Bylaws',
    'Write down ownership percentages, management, voting and what happens when an owner leaves. Banks and lenders ask for it.',
    { isCompliance: true },
  ),
  task(
    8,
    'Medium',
    'Hold Your Organizational Meeting',
    'Adopt the operating agreement or bylaws, issue ownership interests and record the minutes. Keep them with your company records.',
    { isCompliance: true },
  ),
  // Banking and contact details
  task(
    8,
    'High',
    'Open a Business Bank Account',
    'Open a checking account in the exact legal business name with your EIN and formation documents. Never mix personal and business money.',
  ),
  task(
    9,
    'Medium',
    'Set Up a Business Phone Number',
    'Get a dedicated business line listed under the business name. Lenders and bureaus check that the number is listed and answered professionally.',
  ),
  task(
    10,
    'Medium',
    'Create a Professional Business E-mail',
    'Use an address on your own domain (for example info@yourbusiness.com) instead of a free webmail account.',
  ),
  task(
    10,
    'Medium',
    'Establish a Business Address',
    'Use a commercial address, suite or virtual office rather than a home address or P.O. box, and use it the same way everywhere.',
  ),
  // Web presence
  task(
    11,
    'Medium',
    'Register Your Domain Name',
    'Register a domain that matches your business name, with auto-renewal on and your business e-mail as the contact.',
  ),
  task(
    12,
    'Medium',
    'Launch Your Business Website',
    'Publish a simple site with your legal name, address, phone, services and a contact form. Lenders and vendors look you up online.',
  ),
  task(
    13,
    'Medium',
    'Create Your Google Business Profile',
    'Claim and verify your Google Business Profile with the same name, address and phone number as on your website.',
  ),
  task(
    14,
    'Low',
    'List Your Business on Bing Places and Apple Business Connect',
    'Claim your listings on Bing Places and Apple Business Connect so customers find you in every map and search app.',
  ),
  task(
    15,
    'Low',
    'Claim Your Directory Listings',
    'Create or claim listings on Yelp, the Better Business Bureau, Yellow Pages and the directories of your industry.',
  ),
  task(
    16,
    'Medium',
    'List Your Business with 411 Directory Assistance',
    'Register your business phone number with the national 411 directory through the data aggregators. Credit bureaus and lenders check it.',
  ),
  task(
    17,
    'Low',
    'Set Up Business Social Media Profiles',
    'Reserve your business name on the main social networks and link them to your website.',
  ),
  // Licences, permits and taxes
  task(
    19,
    'High',
    'Apply for Your Local Business License',
    'Apply for the general business license or tax receipt required by your city or county.',
    { isBusinessLicense: true, isCompliance: true },
  ),
  task(
    20,
    'High',
    'Obtain Industry Permits and Professional Licenses',
    'Check federal, state and local rules for your industry (health, contractor, professional, home occupation, signage) and apply for each permit.',
    { isBusinessLicense: true, isCompliance: true },
  ),
  task(
    21,
    'High',
    "Register for Sales Tax (Seller's Permit)",
    "If you sell taxable goods or services, register with your state's revenue department and learn your filing frequency.",
    { isTaxForm: true, isBusinessLicense: true },
  ),
  task(
    22,
    'Medium',
    'Register for Employer Withholding and Unemployment Tax',
    'Before hiring, register with your state for payroll withholding and unemployment insurance, and set up new-hire reporting.',
    { isTaxForm: true },
  ),
  task(
    23,
    'Medium',
    'Consider the S Corporation Election (Form 2553)',
    'Ask your tax adviser whether electing S corporation status saves you tax. The election has strict filing deadlines.',
    { isTaxForm: true },
  ),
  task(
    24,
    'Medium',
    'Prepare Your Form W-9',
    'Fill in a Form W-9 with your legal name and EIN, ready to send to customers and vendors who ask for it.',
    { isTaxForm: true },
  ),
  task(
    25,
    'Medium',
    'Get Business Insurance',
    'Get quotes for general liability and, where it applies, professional liability, commercial property and workers compensation.',
    { isCompliance: true },
  ),
  task(
    26,
    'Medium',
    'Set Up Bookkeeping',
    'Connect your business bank account to accounting software, choose a chart of accounts and keep every receipt.',
  ),
  // Business credit
  task(
    27,
    'High',
    'Obtain Your D-U-N-S Number',
    'Request a free D-U-N-S number from Dun & Bradstreet. It opens your business credit file and your PAYDEX score.',
  ),
  task(
    28,
    'Medium',
    'Register with Experian Business',
    'Look up your business at Experian Business and make sure the name, address and phone match your records.',
  ),
  task(
    29,
    'Medium',
    'Register with Equifax Business',
    'Check that Equifax has a business file for you and that its details match your records.',
  ),
  task(
    30,
    'High',
    'Open Your First Starter Vendor Account',
    'Open a net-30 account with a vendor that reports to the business credit bureaus (office supplies, packaging or shipping).',
  ),
  task(
    32,
    'High',
    'Open Your Second Starter Vendor Account',
    'Add a second reporting net-30 vendor. Buy only what you need and keep the invoices with your records.',
  ),
  task(
    34,
    'Medium',
    'Open Your Third Starter Vendor Account',
    'Add a third reporting vendor. Three to five reporting trade lines are what most lenders look for.',
  ),
  task(
    35,
    'High',
    'Pay Vendor Invoices Early',
    'Pay every vendor invoice before its due date. Paying early, not just on time, is what raises your PAYDEX score.',
  ),
  task(
    37,
    'Medium',
    'Monitor Your Business Credit Reports',
    'Check your Dun & Bradstreet, Experian and Equifax business reports, and dispute anything that is wrong.',
  ),
  task(
    38,
    'Medium',
    'Apply for a Business Store Credit Card',
    'Once three trade lines report, apply for a store card in the business name with your EIN.',
  ),
  task(
    40,
    'Low',
    'Apply for a Business Fleet or Gas Card',
    'Add a fleet or fuel card that reports to the business bureaus to diversify your credit mix.',
  ),
  task(
    41,
    'Low',
    'Apply for a Business Revolving Credit Card',
    'With several reporting accounts and a positive PAYDEX, apply for a revolving business credit card.',
  ),
  // Ongoing compliance calendar
  task(
    42,
    'High',
    'Calendar Your Annual Report Filing',
    "Find your state's annual or biennial report deadline and fee, and put it on your calendar with a reminder a month ahead.",
    { isCompliance: true },
  ),
  task(
    43,
    'Medium',
    'Schedule Quarterly Estimated Tax Payments',
    'Put the federal and state estimated tax due dates on your calendar and set money aside from every payment you receive.',
    { isTaxForm: true, isCompliance: true },
  ),
  task(
    44,
    'Medium',
    'Track License and Permit Renewals',
    'Write down the renewal date of every license and permit and calendar the renewals.',
    { isBusinessLicense: true, isCompliance: true },
  ),
  task(
    45,
    'Medium',
    'Review Your 45-Day Build-Out',
    'Go through this list with our team: confirm every task is done and plan your next steps for credit and growth.',
  ),
];
