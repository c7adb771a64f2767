import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';

export type PublicConfig = { googleEnabled: boolean };

/** What the server says about itself before anyone signs in; fetched once per page load. */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async () => unwrap<PublicConfig>(await api['public-config'].$get()),
  // Server configuration does not change while the page is open.
  staleTime: Infinity,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
