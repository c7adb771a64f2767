// Values the global setup hands to the test workers through the environment.
export const ENV = {
  baseUrl: 'E2E_BASE_URL',
  controlUrl: 'E2E_CONTROL_URL',
} as const;

/** The one address in ADMIN_EMAILS; the shell spec signs it up through the UI. */
export const ADMIN_EMAIL = 'admin.e2e@example.com';

export function fromEnv(name: (typeof ENV)[keyof typeof ENV]): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the specs through playwright.config.ts (its global setup starts the servers)`,
    );
  return value;
}
