/**
 * better-auth's client, loaded when first used: the sign-in page's first load does without it
 * (its JavaScript has a budget), and the session itself comes from app/auth-context.
 */
export const loadAuthClient = () => import('./auth-client').then((m) => m.authClient);
