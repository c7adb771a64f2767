// better-auth and OAuth providers report errors as codes in the URL; people should read sentences.
const known: Record<string, string> = {
  INVALID_TOKEN: 'This link is invalid or has already been used.',
  TOKEN_EXPIRED: 'This link has expired. Please request a new one.',
  access_denied: 'Access was denied by the sign-in provider.',
  state_mismatch: 'The sign-in session expired. Please try again.',
  please_restart_the_process: 'The sign-in session expired. Please try again.',
  account_not_linked: 'This Google account is not linked to your account. Sign in with your password first.',
  unable_to_link_account: 'This Google account could not be linked to your account.',
  email_not_found: 'Your Google account did not share an email address.',
};

export function describeAuthError(codeOrMessage: string) {
  return known[codeOrMessage] ?? codeOrMessage.replace(/_/g, ' ');
}
