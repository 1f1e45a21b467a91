import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: tests import modules directly.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["{app,server,db,scripts,tests/integration}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    // PGlite boots a WebAssembly Postgres per test file; give it room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
