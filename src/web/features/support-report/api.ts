import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { fetchFile } from '../../lib/file-requests';
import { saveResponse } from '../../lib/save-download';

/** Admins: the weekly support response report of the last `weeks` weeks. */
export const reportQuery = (weeks: number) =>
  queryOptions({
    queryKey: ['support-report', weeks] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.support.report.$get({ query: { weeks: String(weeks) } }, { init: { signal } })),
    // Another number of weeks keeps the table in place until its rows come.
    placeholderData: keepPreviousData,
  });

/** The same report as a CSV file, saved under the server's name. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (weeks: number) => {
      const res = await fetchFile(
        api.support['report.csv'].$path({ query: { weeks: String(weeks) } }),
        {},
        'The report could not be downloaded. Please try again.',
      );
      await saveResponse(res, 'support-report.csv');
    },
  });
}
