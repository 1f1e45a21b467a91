import path from "node:path";
import type { Config } from "@react-router/dev/config";

// BUILD_DIR lets parallel checkouts' builds and test runs stay apart.
const buildDirectory = process.env.BUILD_DIR ?? "build";

export default {
  appDirectory: "app",
  buildDirectory,
  // server/build-entry.ts; build/server/index.js is server/index.ts (buildEnd below).
  serverBuildFile: "app.js",
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // The route context is a RouterContextProvider (docs/decisions/013).
    v8_middleware: true,
  },
  // Content pages are rendered to static HTML at build time; the Express
  // server serves these files to visitors without a session cookie.
  async prerender() {
    const { prerenderedPaths } = await import("./app/content/prerender");
    return prerenderedPaths;
  },
  // The server's entry point, compiled so production starts with plain
  // `node` (no TypeScript loader in front of every import); then the client
  // files are precompressed and the prerender origin recorded.
  async buildEnd({ reactRouterConfig }) {
    const { build } = await import("vite");
    const { default: tsconfigPaths } = await import("vite-tsconfig-paths");
    await build({
      configFile: false,
      logLevel: "warn",
      // The settings check (server/settings.ts) imports the app's modules by `~/`.
      plugins: [tsconfigPaths()],
      // Bundled as the app is (vite.config.ts); Vite is loaded only by `npm run dev`.
      ssr: { noExternal: true, external: ["vite"] },
      build: {
        ssr: "server/index.ts",
        outDir: path.join(buildDirectory, "server"),
        emptyOutDir: false,
        copyPublicDir: false,
        target: "node20",
        rollupOptions: { output: { entryFileNames: "index.js" } },
      },
    });
    // Its own process: by now the config's module loader no longer loads TypeScript.
    const { spawnSync } = await import("node:child_process");
    const finished = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/finish-build.ts", reactRouterConfig.buildDirectory],
      { stdio: "inherit", env: process.env },
    );
    if (finished.status !== 0) throw new Error("scripts/finish-build.ts failed");
  },
} satisfies Config;
