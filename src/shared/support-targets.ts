import { z } from 'zod';
import {
  isTimeZone,
  minutesOf,
  TARGET_MAX_MINUTES,
  TARGET_MIN_MINUTES,
  type SupportTargetSettings,
} from './support-targets-rules';

export * from './support-targets-rules';

const time = (label: string) =>
  z
    .string({ message: `${label} must be a time` })
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, `${label} must be a time as HH:MM (00:00 to 24:00)`);

const target = (label: string) =>
  z
    .number({ message: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(TARGET_MIN_MINUTES, `${label} must be at least ${TARGET_MIN_MINUTES} minute`)
    .max(TARGET_MAX_MINUTES, `${label} must be at most ${TARGET_MAX_MINUTES / 60} business hours`);

/** PUT /api/support/targets (admins): the business hours and the two targets, in business minutes. */
export const supportTargetSettingsInput = z
  .object({
    businessDays: z
      .array(z.number({ message: 'Business days must be weekdays 1-7' }).int().min(1).max(7), {
        message: 'Business days must be a list of weekdays',
      })
      .min(1, 'Choose at least one business day')
      .max(7, 'There are seven days in a week')
      .refine((d) => new Set(d).size === d.length, 'Each business day once')
      .transform((d) => [...d].sort((a, b) => a - b)),
    opensAt: time('Opening time'),
    closesAt: time('Closing time'),
    timeZone: z
      .string({ message: 'Time zone must be text' })
      .trim()
      .min(1, 'Choose a time zone')
      .max(64, 'Time zone must be at most 64 characters')
      .refine(isTimeZone, 'Time zone must be an IANA time zone such as America/New_York'),
    firstResponseMinutes: target('First-response target'),
    replyMinutes: target('Reply target'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (minutesOf(v.closesAt) <= minutesOf(v.opensAt))
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Closing time must be after opening time' });
  }) satisfies z.ZodType<SupportTargetSettings, unknown>;
