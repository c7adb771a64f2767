import { defineConfig } from 'vitest/config';

// API tests run through the real app on a real database: PGlite by default (each test file loads
// the migrated template made once by global-setup), or a fresh PostgreSQL database per file when
// TEST_DATABASE_URL is set (scripts/test-api.sh does both).
export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 10_000,
    // better-auth logs a warning for every refused sign-in the tests make on purpose.
    onConsoleLog: (log) => !/\[Better Auth\]:.*\b(Invalid password|User not found|Reset Password: User not found|Sign-up attempt for existing email)/.test(log),
  },
});
