import { OAuth2Server } from 'oauth2-mock-server';

export type OidcUser = { sub: string; email: string; name: string };
export type OidcFailure = { error: string; description?: string };

export const DEFAULT_GOOGLE_USER: OidcUser = {
  sub: 'google-user-1',
  email: 'google.user@example.com',
  name: 'Google User',
};

/**
 * An OpenID Connect provider standing in for Google. Its issuer is on 127.0.0.1 (better-auth
 * compares the discovery document's issuer with the URL it fetched). Every token and the userinfo
 * answer carry the current test user with a verified e-mail; `failNext` makes the next
 * authorization come back with an error instead of a code, as when a person refuses consent.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let user = DEFAULT_GOOGLE_USER;
  let failure: OidcFailure | null = null;
  const claims = () => ({ sub: user.sub, email: user.email, email_verified: true, name: user.name });

  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims());
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
    response.statusCode = 200;
  });
  server.service.on('beforeAuthorizeRedirect', ({ url }) => {
    if (!failure) return;
    url.searchParams.delete('code');
    url.searchParams.set('error', failure.error);
    if (failure.description) url.searchParams.set('error_description', failure.description);
    failure = null;
  });

  const issuer = server.issuer.url;
  if (!issuer) throw new Error('OIDC mock server has no issuer URL');
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    setUser: (next: OidcUser) => {
      user = next;
    },
    failNext: (next: OidcFailure) => {
      failure = next;
    },
    reset: () => {
      user = DEFAULT_GOOGLE_USER;
      failure = null;
    },
    close: () => server.stop(),
  };
}
export type OidcServer = Awaited<ReturnType<typeof startOidcServer>>;
