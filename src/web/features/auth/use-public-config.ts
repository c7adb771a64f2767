import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export const publicConfigQuery = {
  queryKey: ['public-config'],
  queryFn: async () => unwrap<{ googleEnabled: boolean }>(await api['public-config'].$get()),
  staleTime: Infinity,
};

export const usePublicConfig = () => useQuery(publicConfigQuery);
