import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: tests import modules directly.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    // The run's CPU account (first, so its files stay outside the temporary
    // directory); temporary files in memory where there is room; then one
    // embedded database (and one Postgres database, with TEST_DATABASE_URL)
    // migrated per run, which tests copy.
    globalSetup: [
      "tests/support/cpu-account.ts",
      "tests/support/memory-tmpdir.ts",
      "tests/support/pglite-template.ts",
      "tests/support/postgres-template.ts",
    ],
    // PGlite boots a WebAssembly Postgres per test file; give it room on 2 cores.
    testTimeout: 30_000,
    // Vitest's default in a run is one worker per core but one (so one file at
    // a time on these 2-core machines). Most files spend their time waiting on
    // a database, a child server, SMTP or a timer, so two files at a time
    // shorten the gate without starving either.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph, instead
    // of loading Drizzle, PGlite, React and the app's modules afresh for each
    // of about 130 files. The modules hold no state per test (the context
    // carries it) and Vitest resets `vi.setConfig` between files, so sharing
    // them changes no outcome.
    isolate: false,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,server,db,scripts,tests/integration}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.process.test.ts"],
        },
      },
      {
        // Suites that start the server as a process (most need `npm run build`):
        // run alone with `npx vitest run --project process`.
        extends: true,
        test: {
          name: "process",
          include: ["{app,server,scripts,tests/integration}/**/*.process.test.ts"],
        },
      },
    ],
  },
});
