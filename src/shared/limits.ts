import { formatBytes } from './format';

/**
 * Per-client caps: nothing one client can repeat grows without a bound. Each is enforced on the
 * server (a 4xx with the sentence below) and shown by the web where it helps.
 */
export const LIMITS = {
  bankAccounts: 500,
  businessAccounts: 500,
  activities: 2_000,
  documents: 2_000,
  payments: 1_000,
  complianceTasks: 300,
  /** Training videos in the library (admins add them), and resources attached to one video. */
  trainingVideos: 500,
  resourcesPerVideo: 50,
  /** Account receivables and purchase orders per client (each kind). */
  receivables: 2_000,
  purchaseOrders: 2_000,
  /** Store cards and revolving credits per client (each kind). */
  storeCards: 200,
  revolvingCredits: 200,
  /** Invoices recorded on one tradeline, and on all of a client's tradelines (the pay-early planner). */
  invoicesPerTradeline: 500,
  invoices: 2_000,
  /** First Step Accounts in the shared list admins maintain. */
  firstStepAccounts: 500,
  /** Staff's private notes on one client. */
  clientNotes: 1_000,
  /** Social media accounts per client. */
  socialAccounts: 200,
  /** Automation requests one client may have open (received or in progress). */
  openAutomationRequests: 20,
  /** Loan offers one user may have in the shared directory. */
  loanOffers: 100,
  /** Score history rows kept per client and score (the oldest are dropped beyond it). */
  scoreHistory: 500,
  /** Fundability score history rows kept per client (a row per change; the oldest are dropped beyond it). */
  fundabilityHistory: 365,
  /** Uploads one user may have in progress at once (across instances). */
  uploadsInFlight: 3,
  /** Staff-notifying actions (Contact Support, program and automation requests, loan offers for review) per client per hour. */
  staffNoticesPerHour: 5,
  /** Support Chat messages one person may send a minute, and a client's conversation a day (both sides' abuse bound). */
  supportMessagesPerMinute: 30,
  supportMessagesPerDay: 500,
  /** Live streams (SSE) one person may hold open at once on an instance (tabs). */
  liveStreamsPerUser: 6,
  /** Full data exports ('All my data') of one client an hour, whoever asks (each reads every record and file). */
  dataExportsPerHour: 5,
  /** Whole-portal backups (every client's data) one administrator may download an hour. */
  backupsPerHour: 3,
  /** Browsers (devices) one person may have Web Push notifications on in at once. */
  pushDevices: 10,
} as const;

/**
 * Files one outbox message may carry (the signed agreement PDF), each read from storage when the
 * message is sent: a bound on what a retry reads and what a mail server accepts.
 */
export const MAIL_ATTACHMENTS = { max: 3, maxBytes: 5 * 1024 * 1024 } as const;

/** Default stored bytes per client (STORAGE_QUOTA_BYTES overrides). */
export const DEFAULT_STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;

const plural = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}`;

/** The sentence a refused create answers with: what the limit is and what to do. */
export const limitReached = (n: number, what: string) =>
  `You have reached the limit of ${plural(n, what)}. Delete some you no longer need, or contact support.`;

export const STORAGE_FULL = (quotaBytes: number) =>
  `Your storage is full: you can keep up to ${formatBytes(quotaBytes)} of files. Delete files you no longer need, or contact support.`;
export const TOO_MANY_UPLOADS = `You can upload ${LIMITS.uploadsInFlight} files at a time. Wait for one to finish, then try again.`;
export const TOO_MANY_STAFF_NOTICES = `You can send at most ${LIMITS.staffNoticesPerHour} requests to our staff an hour. Please try again later.`;
export const TOO_MANY_SUPPORT_MESSAGES = `You can send at most ${LIMITS.supportMessagesPerMinute} messages a minute. Please wait a moment, then try again.`;
export const SUPPORT_DAY_LIMIT = `This conversation has reached ${LIMITS.supportMessagesPerDay} messages today. Please continue tomorrow, or call us.`;
export const TOO_MANY_STREAMS = `Too many open portal tabs are following live updates (at most ${LIMITS.liveStreamsPerUser}). Close some tabs, then reload.`;
export const TOO_MANY_EXPORTS = `You can download all data of an account at most ${LIMITS.dataExportsPerHour} times an hour. Please try again later.`;
export const TOO_MANY_BACKUPS = `You can download at most ${LIMITS.backupsPerHour} backups an hour. Please try again later.`;
