import { z } from 'zod';
import { REPORT_WEEKS_DEFAULT, REPORT_WEEKS_MAX, REPORT_WEEKS_MIN } from './support-report-rules';

/** GET /api/support/report and its CSV (admins): the last `weeks` ISO weeks, this one included. */
export const supportReportQuery = z
  .object({
    weeks: z.coerce
      .number({ message: 'Weeks must be a number' })
      .int('Weeks must be a whole number')
      .min(REPORT_WEEKS_MIN, `Weeks must be between ${REPORT_WEEKS_MIN} and ${REPORT_WEEKS_MAX}`)
      .max(REPORT_WEEKS_MAX, `Weeks must be between ${REPORT_WEEKS_MIN} and ${REPORT_WEEKS_MAX}`)
      .default(REPORT_WEEKS_DEFAULT),
  })
  .strict();
