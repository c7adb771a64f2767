import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import type { Auth } from '../../server/auth/auth';

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [inferAdditionalFields<Auth>()],
});

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'];
