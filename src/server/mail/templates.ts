import { branding } from '../../shared/branding';
import type { MailMessage } from './mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    ...paragraphs.map((p) => `<p>${esc(p)}</p>`),
    action
      ? `<p><a href="${esc(action.url)}" style="background:#1e3a8a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(action.label)}</a></p><p style="font-size:12px;color:#6b7280">Or open this link: ${esc(action.url)}</p>`
      : '',
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    ...paragraphs,
    action ? `${action.label}: ${action.url}` : '',
    `${branding.companyName} · ${branding.phone}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { to, subject, html, text };
}

/** The mail holds a link or code that signs in or changes the account: the outbox drops its body once delivered. */
const sensitive = (m: MailMessage): MailMessage => ({ ...m, sensitive: true });

export const verificationMail = (to: string, name: string, url: string) =>
  sensitive(
    layout(
      to,
      `${branding.productName} - Verify your email`,
      [`Hello ${name || 'there'},`, 'Please verify your email address to complete sign up.'],
      { label: 'Verify email', url },
    ),
  );

export const resetPasswordMail = (to: string, url: string) =>
  sensitive(
    layout(
      to,
      `${branding.productName} - Reset your password`,
      [
        'We received a request to reset your password. The link below works once and expires in one hour.',
        'If you did not ask for this, you can ignore this email.',
      ],
      { label: 'Reset password', url },
    ),
  );

/** The code asked for by a sign-in from a new browser while many wrong passwords are tried on the account. */
export const signInCodeMail = (to: string, code: string, minutes: number) =>
  sensitive(
    layout(to, `${branding.productName} - Your sign-in code`, [
      `Your sign-in code is ${code}. Enter it on the sign-in page with your password. It works once and expires in ${minutes} minutes.`,
      'We ask for it because many wrong passwords were tried on your account recently. Browsers you signed in with before are not asked.',
      'If you did not just sign in, someone knows your password: reset it now with Forgot password on the sign-in page.',
    ]),
  );

export const existingAccountMail = (to: string, signinUrl: string) =>
  layout(
    to,
    `${branding.productName} - Sign-up attempt`,
    [
      'Someone tried to create an account with this email address, which already has an account.',
      'If it was you, sign in instead or reset your password. Otherwise you can ignore this email.',
    ],
    { label: 'Sign in', url: signinUrl },
  );

export type TwoFactorChange = 'enabled' | 'disabled' | 'recovery-codes';

const twoFactorWording: Record<TwoFactorChange, { subject: string; line: string }> = {
  enabled: {
    subject: 'Two-factor sign-in turned on',
    line: 'Two-factor sign-in was turned on for your account. Signing in now asks for a code from your authenticator app.',
  },
  disabled: {
    subject: 'Two-factor sign-in turned off',
    line: 'Two-factor sign-in was turned off for your account. Signing in now asks for your password only.',
  },
  'recovery-codes': {
    subject: 'New recovery codes',
    line: 'New two-factor recovery codes were made for your account. The earlier ones no longer work.',
  },
};

/** Every change to a user's two-factor sign-in, so someone else's change does not go unnoticed. */
export const twoFactorChangeMail = (to: string, name: string, change: TwoFactorChange, accountUrl: string) =>
  layout(
    to,
    `${branding.productName} - ${twoFactorWording[change].subject}`,
    [
      `Hello ${name || 'there'},`,
      twoFactorWording[change].line,
      'If this was not you, change your password at once (Forgot password? on the Sign In page) and contact support.',
    ],
    { label: 'Open Security Settings', url: accountUrl },
  );
