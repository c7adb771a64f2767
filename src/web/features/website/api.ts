import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export type WebsiteTemplate = { htmlCode: string; updatedAt: string };

export const templateKey = (clientId: string) => ['clients', clientId, 'website-template'] as const;

/** The client's saved template, or null. */
export const templateQuery = (clientId: string) =>
  queryOptions({
    queryKey: templateKey(clientId),
    queryFn: async () =>
      (await unwrap(await api.clients[':clientId']['website-template'].$get({ param: { clientId } }))).template,
  });

/** Where the sandboxed frame loads the saved HTML from (a new address after each save, so it reloads). */
export const templateFrameUrl = (clientId: string, t: WebsiteTemplate) =>
  `${api.clients[':clientId']['website-template'].frame.$path({ param: { clientId } })}?v=${encodeURIComponent(t.updatedAt)}`;

export function useSaveTemplate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (htmlCode: string) =>
      (
        await unwrap(
          await api.clients[':clientId']['website-template'].$put({ param: { clientId }, json: { htmlCode } }),
        )
      ).template,
    onSuccess: (template) => queryClient.setQueryData(templateKey(clientId), template),
  });
}
