import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import type { Auth } from '../../server/auth/auth';

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [inferAdditionalFields<Auth>()],
});

// The two-factor plugin's field is in every session answer; its client plugin (which would type
// it) is not loaded: the web calls the two-factor endpoints itself (features/two-factor).
export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'] & {
  twoFactorEnabled?: boolean | null;
};
