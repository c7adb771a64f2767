import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { notificationKeys } from '../notifications/api';
import type { Preferences, ProfileInput, SecretProfileField } from '../../../shared/profile';

export const auditQuery = (clientId: string, page: number) =>
  queryOptions({
    queryKey: ['clients', clientId, 'audit', page],
    queryFn: async () =>
      unwrap(
        await api.clients[':clientId'].audit.$get({
          param: { clientId },
          query: { page: String(page), pageSize: '10' },
        }),
      ),
    placeholderData: keepPreviousData,
  });

// ---- My Account: profile, preferences, security, and the admin's client list ----

export type ProfileView = {
  businessName: string;
  businessWebsite: string;
  ownerFirstName: string;
  ownerLastName: string;
  creditProfile: string;
  businessStructure: string;
  businessPhone: string;
  forwardPhone: string;
  businessAddress: string;
  ownerHomeAddress: string;
  businessEmail: string;
  forwardEmail: string;
  ownerType: 'sole' | 'multiple';
  numberOfOwners: number;
  agreementConfirmed: boolean;
  updatedAt: string;
  ownerSsnMasked: string;
  ownerDobMasked: string;
  einMasked: string;
  hasSsn: boolean;
  hasDob: boolean;
  hasEin: boolean;
};

export const accountKeys = {
  profile: (clientId: string) => ['clients', clientId, 'profile'] as const,
  preferences: (clientId: string) => ['clients', clientId, 'preferences'] as const,
  security: (clientId: string) => ['clients', clientId, 'security'] as const,
};

export const profileQuery = (clientId: string) =>
  queryOptions({
    queryKey: accountKeys.profile(clientId),
    queryFn: async () => (await unwrap(await api.clients[':clientId'].profile.$get({ param: { clientId } }))).profile,
  });

export function useSaveProfile(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ProfileInput) =>
      unwrap(await api.clients[':clientId'].profile.$put({ param: { clientId }, json })),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.profile(clientId), data.profile),
  });
}

export async function revealSecret(clientId: string, field: SecretProfileField) {
  const route = api.clients[':clientId'].profile.reveal;
  const res =
    field === 'ssn'
      ? await route.ssn.$post({ param: { clientId } })
      : field === 'dob'
        ? await route.dob.$post({ param: { clientId } })
        : await route.ein.$post({ param: { clientId } });
  return (await unwrap(res)).value;
}

export const preferencesQuery = (clientId: string) =>
  queryOptions({
    queryKey: accountKeys.preferences(clientId),
    queryFn: async () =>
      (await unwrap(await api.clients[':clientId'].preferences.$get({ param: { clientId } }))).preferences,
  });

export function useSavePreferences(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: Preferences) =>
      (await unwrap(await api.clients[':clientId'].preferences.$put({ param: { clientId }, json }))).preferences,
    onSuccess: (prefs) => {
      queryClient.setQueryData(accountKeys.preferences(clientId), prefs);
      // Push alerts decide the bell's badge: it follows the switch at once.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}

export const securityQuery = (clientId: string) =>
  queryOptions({
    queryKey: accountKeys.security(clientId),
    queryFn: async () => unwrap(await api.clients[':clientId'].security.$get({ param: { clientId } })),
  });

/** The admin's client selector: oldest first (the first is selected by default). */
