import { defineConfig } from 'vitest/config';

// Every suite, one runner: unit (pure, fast), integration (real HTTP, SQLite, keychain,
// Redis on loopback), security (hostile input against the real processes), e2e (the
// development host in Debian's Chromium).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: ['test/unit/renderer/**'],
          environment: 'node',
          // Pure tests: one process for them all, not one per file (the process and the
          // imports were half the time: 49 s -> 18-23 s for 94 files). A test that changes
          // something global (fake timers, process.env, a global) puts it back in afterEach.
          // Not the components: they keep module state (stores, the QR encoder) per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/unit/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/helpers/build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Hostile input and faults, kept probing (issue 15): each asserts the target (development
          // host, sandbox, relay, Chromium) stays up and nothing changed.
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          globalSetup: ['test/helpers/build.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/helpers/build.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
