import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { ProgramRequestInput } from '../../../shared/programs';

export function useRequestProgram(clientId: string) {
  return useMutation({
    mutationFn: async (json: ProgramRequestInput) =>
      unwrap(await api.clients[':clientId']['program-requests'].$post({ param: { clientId }, json })),
  });
}
