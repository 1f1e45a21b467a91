import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel checkouts' builds and test runs stay apart.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Content pages are rendered to static HTML at build time; the Express
  // server serves these files to visitors without a session cookie.
  async prerender() {
    const { prerenderedPaths } = await import("./app/content/prerender");
    return prerenderedPaths;
  },
  // Precompresses client files and records the origin the pages were prerendered with.
  async buildEnd({ reactRouterConfig }) {
    const { finishBuild } = await import("./scripts/finish-build");
    await finishBuild(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
