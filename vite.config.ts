import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ command }) => ({
  environments: {
    // The server bundle is React Router's build plus the server (server/build-entry.ts).
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/build-entry.ts",
          // Bundled CommonJS still calls require() for Node's own modules (prom-client's event-loop lag,
          // raw-body's async context); an ES module has none unless it makes one.
          output: {
            banner:
              'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
          },
        },
      },
    },
  },
  // The build bundles the server's dependencies (decision 102): a start then reads one file instead of about
  // 2,000. Left out: packages that load native code, wasm or worker files from their own directory. Development
  // keeps Vite's default, loading them from node_modules.
  ...(command === "build"
    ? {
        ssr: {
          noExternal: true,
          external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty", "thread-stream"],
        },
      }
    : {}),
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
