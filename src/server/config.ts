import { DEFAULT_PACKET_MAX_BYTES } from '../shared/packets-rules';
import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_STORAGE_QUOTA_BYTES } from '../shared/limits';
import { DEFAULT_VIDEO_MAX_BYTES } from '../shared/training';
import { logFormats } from './lib/logger';

// The only module that reads process.env: everything else receives a parsed Config.
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Total Business Build-Out <no-reply@localhost>'),
  ADMIN_EMAILS: list,
  STAFF_EMAIL: z.string().default('staff@localhost'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Google's own discovery document unless a test points sign-in at a local OpenID server.
  GOOGLE_DISCOVERY_URL: z.string().url().default('https://accounts.google.com/.well-known/openid-configuration'),
  AUTH_SECRET: z.string().min(32).optional(),
  // Field-encryption keys, `v<N>:<base64 32 bytes>` comma-separated; parsed (and checked) by
  // security/keyring.ts so the key format lives in one place. Unset: DATA_DIR/data-key is used.
  DATA_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  SEED_DEMO: z
    .string()
    .optional()
    .transform((v) => v === undefined || !['false', '0', 'no', 'off'].includes(v.toLowerCase())),
  // First-login set-up at a client's first request (features/setup/ensure-set-up.ts). The API
  // tests turn it off where they build a client's rows themselves.
  SETUP_ON_FIRST_REQUEST: z
    .string()
    .optional()
    .transform((v) => v === undefined || !['false', '0', 'no', 'off'].includes(v.toLowerCase())),
  // S3-compatible file storage; unset S3_BUCKET keeps files in DATA_DIR/files.
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Bytes of files one client may keep (documents and every later upload).
  STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(DEFAULT_STORAGE_QUOTA_BYTES),
  // Largest training video file an admin may upload (bytes); streamed to storage, never held in memory.
  VIDEO_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_VIDEO_MAX_BYTES),
  // Largest funding packet (its documents and the built PDF), in bytes: pdf-lib builds it in memory.
  PACKET_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_PACKET_MAX_BYTES),
  // Administrators must turn on two-factor sign-in before anything else (auth/two-factor-gate.ts).
  // The API tests and the e2e server turn it off where they are not about it.
  REQUIRE_ADMIN_2FA: z
    .string()
    .optional()
    .transform((v) => v === undefined || !['false', '0', 'no', 'off'].includes(v.toLowerCase())),
  // How often the compliance reminders and the weekly digest run (minutes); 0 turns them off (the
  // e2e server, whose brand-new clients would otherwise get a mail at a moment no test chooses).
  REMINDER_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  // How often the support response targets are checked for breaches (seconds); the e2e server checks often.
  SUPPORT_TARGETS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Card payments through Stripe Checkout (features/billing): both set, or "Make a Payment" stays the e-mailed request.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe client sends its API calls; Stripe's own address unless tests point it at a stand-in.
  STRIPE_API_BASE: z.string().url().optional(),
  // Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them). Unset: a
  // pair made once and kept, sealed, in the database (features/push/vapid.ts), the same for every
  // instance. Set both or neither; changing them ends every device's subscription.
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  // Who push services may contact about this portal's pushes: an https: URL or mailto: address.
  // Unset: APP_URL when it is https, else mailto:STAFF_EMAIL.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:|mailto:)/, 'must be an https: URL or a mailto: address')
    .optional(),
  // Accept push endpoints on this machine (http://localhost, 127.0.0.1): for tests that run a push
  // service stand-in. Never in production: the server would POST to any local address a user names.
  PUSH_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default('false')
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v)),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // `json`: one object a line for a log system (lib/logger.ts); the readable line otherwise.
  LOG_FORMAT: z.enum(logFormats).default('text'),
  // The portal runs behind a reverse proxy of its own: an X-Request-Id it sends is kept
  // (middleware/request-id.ts). Off, anyone could choose the id their requests are logged under.
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default('false')
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v)),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  return {
    port: e.PORT,
    appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    staffEmail: e.STAFF_EMAIL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
        : undefined,
    authSecret: e.AUTH_SECRET,
    dataKey: e.DATA_KEY,
    seedDemo: e.SEED_DEMO,
    setupOnFirstRequest: e.SETUP_ON_FIRST_REQUEST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    reminderIntervalMinutes: e.REMINDER_INTERVAL_MINUTES,
    supportTargetsIntervalSeconds: e.SUPPORT_TARGETS_INTERVAL_SECONDS,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? (appUrl.startsWith('https:') ? appUrl : `mailto:${e.STAFF_EMAIL}`),
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
    },
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    videoMaxBytes: e.VIDEO_MAX_BYTES,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    packetMaxBytes: e.PACKET_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          region: e.S3_REGION,
        }
      : undefined,
  };
}
