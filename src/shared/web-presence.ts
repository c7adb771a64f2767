import { z } from 'zod';
import { textField } from './fields';
import { httpUrlField } from './urls';
import { multiLine } from './text';

// Website, Website Template and Social Media Accounts.

export const NO_TEMPLATE = "No template available. Click 'Edit Template' to add one.";
/** A saved template's size limit (UTF-8 bytes). */
export const TEMPLATE_MAX_BYTES = 512 * 1024;
export const TEMPLATE_TOO_LARGE = 'The template can be at most 512 KB. Remove some of it and save again.';

export const templateInput = z
  .object({
    htmlCode: z
      .string('The template must be text.')
      .refine((s) => new TextEncoder().encode(s).length <= TEMPLATE_MAX_BYTES, TEMPLATE_TOO_LARGE)
      .check(multiLine('The template')),
  })
  .strict();
export type TemplateInput = z.infer<typeof templateInput>;

/** Platforms with an icon and colour of their own (others: a default icon, grey). */
export const SOCIAL_PLATFORMS = ['Instagram', 'Facebook', 'Twitter', 'Linkedin', 'Youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const knownPlatform = (platform: string): SocialPlatform | null =>
  SOCIAL_PLATFORMS.find((p) => p.toLowerCase() === platform.trim().toLowerCase()) ?? null;

const required = (max: number, label: string, message: string) =>
  textField(max, label).refine((s) => s !== '', message);

/** POST body: platform, username and password required; the profile URL an http(s) address. */
export const socialAccountInput = z
  .object({
    platform: required(100, 'Platform', 'Enter the platform.'),
    username: required(200, 'Username', 'Enter the username.'),
    password: z
      .string('Password must be text.')
      .max(200, 'Password can be at most 200 characters.')
      .refine((s) => s !== '', 'Enter the password.')
      .refine((s) => !s.includes('\u0000'), 'Password contains a character that is not allowed.'),
    profileUrl: httpUrlField('Profile URL'),
    notes: textField(2000, 'Notes', 'many'),
  })
  .strict();
/** PATCH body: as POST, but an omitted password keeps the stored one. */
export const socialAccountUpdate = socialAccountInput
  .extend({ password: socialAccountInput.shape.password.optional() })
  .strict();
export type SocialAccountInput = z.input<typeof socialAccountInput>;

/** A social account as lists show it: never the password. */
export type SocialAccount = {
  id: string;
  clientId: string;
  platform: string;
  username: string;
  hasPassword: boolean;
  profileUrl: string;
  notes: string;
  createdAt: string;
  updatedAt: string;
};
