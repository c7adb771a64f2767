import { loadAuthClient } from '../../lib/load-auth-client';

import { authFailureMessage } from '../../../shared/auth-errors';

export { GOOGLE_NOT_CONFIGURED } from '../../../shared/auth-errors';

export const GRANT_PATH = '/signup/v/user/grant';

/** Starts Google sign-in; the provider returns to the grant page, on success and on failure. */
export async function startGoogleSignIn() {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signIn.social({
    provider: 'google',
    callbackURL: GRANT_PATH,
    errorCallbackURL: GRANT_PATH,
    newUserCallbackURL: GRANT_PATH,
  });
  if (error) throw new Error(authFailureMessage(error, 'Google sign-in failed'));
}
