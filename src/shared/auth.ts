import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGNUP_REQUIRED_MESSAGE } from './auth-messages';
import { authErrorMessage } from './auth-errors';
import { singleLine } from './text';

export { PASSWORD_MIN_LENGTH, RESET_EMAIL_STORAGE_KEY, SIGNUP_REQUIRED_MESSAGE } from './auth-messages';

// Labelled as the sign-up form labels them: the form shows one message for the whole form.
const required = (max: number, label: string) =>
  z.string({ error: SIGNUP_REQUIRED_MESSAGE }).trim().min(1, SIGNUP_REQUIRED_MESSAGE).max(max).check(singleLine(label));

// The original product's core_signup payload. `.strict()` so no extra field (a role, say) is silently accepted.
export const signupInput = z
  .object({
    name: required(120, 'Full Name'),
    email: z
      .string({ error: SIGNUP_REQUIRED_MESSAGE })
      .trim()
      .min(1, SIGNUP_REQUIRED_MESSAGE)
      .max(254)
      .pipe(z.email('Please enter a valid email address')),
    phone: required(32, 'Phone Number').regex(/^[0-9+()\-.\s]{7,32}$/, 'Please enter a valid phone number'),
    password: z
      .string({ error: SIGNUP_REQUIRED_MESSAGE })
      .min(1, SIGNUP_REQUIRED_MESSAGE)
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH),
    initiator: z.string().trim().max(200).check(singleLine('Initiator')).optional(),
    isDev: z.boolean().optional(),
  })
  .strict();
export type SignupInput = z.infer<typeof signupInput>;

const INVALID_EMAIL = authErrorMessage('INVALID_EMAIL');

/** Forget Password: where the reset link goes (better-auth's endpoint checks it again). */
export const passwordResetRequestInput = z.object({
  email: z.string().trim().min(1, INVALID_EMAIL).max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
});

// A new password's rule in the sentences better-auth's refusals are shown with.
const newPassword = (tooShort = authErrorMessage('PASSWORD_TOO_SHORT')) =>
  z.string().min(PASSWORD_MIN_LENGTH, tooShort).max(PASSWORD_MAX_LENGTH, authErrorMessage('PASSWORD_TOO_LONG'));

// The confirm box is compared even while the new password is refused: the forms say the mismatch first.
const typedAgain = <K extends string>(key: K, message: string) => ({
  message,
  path: ['confirm'],
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
  check: (v: Record<K | 'confirm', string>) => v.confirm === v[key],
});

const resetMatch = typedAgain('password', 'Passwords do not match.');
/** Update Password (the reset link's form): the new password twice. */
export const passwordResetInput = z
  .object({ password: newPassword(), confirm: z.string() })
  .refine(resetMatch.check, resetMatch);

const changeMatch = typedAgain('newPassword', 'Passwords do not match');
/** My Account's Change Password: the current one, and the new one twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: newPassword(`Minimum ${PASSWORD_MIN_LENGTH} characters`),
    confirm: z.string(),
  })
  .refine(changeMatch.check, changeMatch);

export const signupSuccessMessage = (email: string) =>
  `A confirmation email was sent to ${email}. Please verify to complete sign up.`;

/** POST /api/password-reset/email: the token from a reset link (better-auth's are 24 characters). */
export const resetEmailInput = z
  .object({
    token: z
      .string({ error: 'The reset link has no token' })
      .trim()
      .min(1, 'The reset link has no token')
      .max(200, 'The reset link is not valid'),
  })
  .strict();

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Request a new one.';
