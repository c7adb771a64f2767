/** The Secret to Wealth books: volume 1 is free for everyone signed in, the others for members and admins. */
export const BOOK_VOLUMES = [1, 2, 3, 4] as const;
export type BookVolume = (typeof BOOK_VOLUMES)[number];
export const FREE_VOLUME: BookVolume = 1;

export type BookInfo = {
  volume: BookVolume;
  title: string;
  subtitle: string;
  description: string;
  fileName: string;
  pages: string[];
};

export const books: readonly BookInfo[] = [
  {
    volume: 1,
    title: 'The Secret to Wealth, Volume 1: Foundations of Business Credit',
    subtitle: 'Foundations of Business Credit',
    description:
      'Why your company needs a credit profile of its own, how business credit bureaus work, and the first steps to separate your business from your personal finances.',
    fileName: 'the-secret-to-wealth-volume-1.pdf',
    pages: [
      "A business that borrows on its owner's personal credit puts the owner's home and savings at risk. A business with its own credit profile can borrow, lease and buy on terms of its own.",
      'The three business credit bureaus keep files on companies the way consumer bureaus keep files on people. Payment history with vendors and lenders is the largest part of every business score.',
      'Start with the basics: a registered entity, an EIN, a business address and phone number, a business bank account and a website with a matching e-mail address. Lenders check that they agree.',
    ],
  },
  {
    volume: 2,
    title: 'The Secret to Wealth, Volume 2: Building Your Credit Profile',
    subtitle: 'Building Your Credit Profile',
    description:
      'Vendor accounts that report, the order to open them in, and how to grow a PAYDEX score by paying early rather than on time.',
    fileName: 'the-secret-to-wealth-volume-2.pdf',
    pages: [
      'Net-30 vendor accounts that report payments are the first rung of the ladder. Open a few, buy what the business needs anyway, and pay each invoice before it is due.',
      'Paying early, not merely on time, moves a PAYDEX score from 80 towards 100. Keep every account in good standing: one late payment weighs more than many good ones.',
      'After three to six months of reported payments, store cards and fleet cards follow, then cash credit. Each step builds on the history of the one before.',
    ],
  },
  {
    volume: 3,
    title: 'The Secret to Wealth, Volume 3: Funding and Leverage',
    subtitle: 'Funding and Leverage',
    description:
      'Lines of credit, equipment financing and SBA loans: what lenders look for, how to prepare the documents, and how to use borrowed money to grow.',
    fileName: 'the-secret-to-wealth-volume-3.pdf',
    pages: [
      'Lenders read three things: the business credit file, the bank statements and the owner. Months of steady deposits and a healthy average balance matter as much as the score.',
      'Prepare the package before you apply: formation documents, EIN letter, the last six months of statements, a short plan for the money and how it will be repaid.',
      'Borrow for what earns more than it costs. Equipment that lifts output or inventory that sells quickly pays for its own financing; everyday costs should not be borrowed.',
    ],
  },
  {
    volume: 4,
    title: 'The Secret to Wealth, Volume 4: Protecting and Growing Wealth',
    subtitle: 'Protecting and Growing Wealth',
    description:
      'Keeping the company in good standing, protecting personal assets, planning for taxes and turning a profitable business into lasting wealth.',
    fileName: 'the-secret-to-wealth-volume-4.pdf',
    pages: [
      'Keep the entity in good standing: annual reports filed, the registered agent current, minutes and records kept. A lapsed company loses the protection it was formed for.',
      'Never mix business and personal money. Pay yourself by salary or distribution, keep receipts, and let the books show a company that stands on its own.',
      'Wealth is what remains after the business pays its owner: reinvest part of every profit, build reserves, and plan the taxes before the year ends, not after.',
    ],
  },
];

export const bookByVolume = (volume: number) => books.find((b) => b.volume === volume);

/** GET /api/books: one row per volume, `locked` for the caller. */
export type BookRow = {
  volume: BookVolume;
  title: string;
  description: string;
  free: boolean;
  locked: boolean;
  fileName: string;
  /** Bytes of the file a download sends (the replacement when there is one). */
  size: number;
  /** When the replacement was uploaded; null for the generated edition. */
  updatedAt: string | null;
  replaced: boolean;
};

export const BOOK_NOT_FOUND = 'There is no such book. The volumes are 1 to 4.';
export const bookLockedMessage = (volume: number) => `Volume ${volume} is for members. See Business Programs to join.`;
export const BOOK_PDF_ONLY = 'A book must be a PDF file.';
