/**
 * What `react-router build` bundles into build/server/app.js (see
 * vite.config.ts): the server, and React Router's build as a chunk of its
 * own (prerendering imports that chunk). One bundle means the routes and the
 * server share one module graph, and so one database connection. Importing
 * it starts nothing; server/index.ts does.
 */
import type { ServerBuild } from "react-router";

export { startServer } from "./main";
// For tests that need the production app in-process: route modules read
// their context through this bundle's modules, not the sources'.
export { createApp } from "./app";

export function loadBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build");
}
