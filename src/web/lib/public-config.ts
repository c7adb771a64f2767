import { useEffect, useState } from 'react';

export type PublicConfig = {
  googleEnabled: boolean;
  /** Administrators must have two-factor sign-in (REQUIRE_ADMIN_2FA); an older answer without it counts as yes. */
  requireAdmin2fa?: boolean;
  /** Card payments through Stripe are set up: "Make a Payment" signs the agreement and opens Checkout. */
  onlinePayments?: boolean;
};

// Plain fetch, no query library: the guest pages (first load) read it, and their JavaScript has a budget.
let pending: Promise<PublicConfig> | null = null;

/** What the server says about itself before anyone signs in; fetched once per page load (again after a failure). */
export function fetchPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/public-config', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`Request failed (${res.status})`);
      return (await res.json()) as PublicConfig;
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** For TanStack Query inside the signed-in app (same fetch, same cache). */
export const publicConfigQuery = {
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  // Server configuration does not change while the page is open.
  staleTime: Infinity,
} as const;

type State = { data?: PublicConfig; isSuccess: boolean; isError: boolean; isPending: boolean };

export function usePublicConfig(): State {
  const [state, setState] = useState<State>({ isSuccess: false, isError: false, isPending: true });
  useEffect(() => {
    let live = true;
    fetchPublicConfig().then(
      (data) => live && setState({ data, isSuccess: true, isError: false, isPending: false }),
      () => live && setState({ isSuccess: false, isError: true, isPending: false }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
