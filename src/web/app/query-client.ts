import { QueryClient } from '@tanstack/react-query';

/** The signed-in app's query cache (auth-context clears it on sign-out). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
