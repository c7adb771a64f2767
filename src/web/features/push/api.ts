import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { currentSubscription, endpointTag, subscribeThisBrowser } from './push-browser';

export const pushKeys = {
  devices: ['me', 'push', 'devices'] as const,
  key: ['me', 'push', 'key'] as const,
  thisDevice: ['me', 'push', 'this-device'] as const,
};

export const pushDevicesQuery = () =>
  queryOptions({
    queryKey: pushKeys.devices,
    queryFn: async () => (await unwrap(await api.me.push.devices.$get())).items,
  });

/** This browser's own endpointTag, or null without a subscription: which listed device is this one. */
export const thisDeviceQuery = () =>
  queryOptions({
    queryKey: pushKeys.thisDevice,
    queryFn: async () => {
      const subscription = await currentSubscription();
      return subscription ? endpointTag(subscription.endpoint) : null;
    },
  });

const publicKeyQuery = () =>
  queryOptions({
    queryKey: pushKeys.key,
    queryFn: async () => (await unwrap(await api.me.push.key.$get())).publicKey,
    staleTime: Infinity,
  });

/** Turns push on in this browser: permission, service worker, subscription, then the server keeps it. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const json = await subscribeThisBrowser(await queryClient.fetchQuery(publicKeyQuery()));
      return (await unwrap(await api.me.push.devices.$post({ json }))).device;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', 'push'] }),
  });
}

/** Turns push off for one device; for this browser, its subscription ends here too. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: string; thisDevice: boolean }) => {
      const done = await unwrap(await api.me.push.devices[':deviceId'].$delete({ param: { deviceId: id } }));
      if (thisDevice) await (await currentSubscription())?.unsubscribe();
      return done;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', 'push'] }),
  });
}

/**
 * On signing out: this browser stops receiving the person's notifications. Its row goes from the
 * server while the session still works, then the browser's subscription ends. Bounded, and never
 * in the way of the sign-out itself.
 */
export async function forgetThisBrowser() {
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    const tag = await endpointTag(subscription.endpoint);
    const devices = (await unwrap(await api.me.push.devices.$get())).items;
    const mine = devices.find((d) => d.endpointTag === tag);
    if (mine) await unwrap(await api.me.push.devices[':deviceId'].$delete({ param: { deviceId: mine.id } }));
    await subscription.unsubscribe();
  })();
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}
