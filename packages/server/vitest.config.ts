import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three tiers, each a project: `vitest run --project unit` (or integration, system); `vitest run` runs them all.
//   unit         pure functions: no database, no server, no network, no child process; runs in seconds
//   integration  a real server on 127.0.0.1 and a real database (TEST_DATABASE=sqlite|postgres), Redis, local stand-in
//                providers and the offline geocoder's place data
//   system       processes as production runs them: the `locator` binary, `locator serve`, several instances, the build
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The integration and system tests wait on HTTP, databases and child processes far more than they compute, and
    // each test server has a database of its own: two files at a time even on two cores, where vitest would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'src/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'] } },
      // A system test starts Node processes one after another (a server, several commands), each a second or more on a
      // busy machine: 20 s was too little under load, so the tier waits longer before calling a test hung.
      // A browser on a loaded machine may take seconds to show what a test waits for: `expect.poll` waits up to 10 s.
      {
        extends: true,
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          testTimeout: 90_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
