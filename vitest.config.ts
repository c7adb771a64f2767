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
    // Vitest's default on 2 cores is one worker (cores - 1), which leaves a core idle while a file waits on
    // its database or its password hashes: two files at a time take about half as long.
    maxWorkers: 2,
    // Files in a worker share loaded modules: importing the app (better-auth, drizzle, PGlite's
    // WebAssembly) anew for each file was a third of the suite. Each file still builds its own app
    // and database (src/server/test/test-app.ts), so nothing a test sees carries over.
    isolate: false,
    globalSetup: ['src/server/test/global-setup.ts'],
    // Generous: with two files at a time on a busy 2-core machine the longest test (the canary's walk of every route) nears 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 10_000,
    // better-auth logs a warning for every refused sign-in the tests make on purpose.
    onConsoleLog: (log) =>
      !/\[Better Auth\]:.*\b(Invalid password|User not found|Reset Password: User not found|Sign-up attempt for existing email)/.test(
        log,
      ),
  },
});
