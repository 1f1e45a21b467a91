/* One bundle (build/server/app.js): the routes and the server share one module graph, and one database. */
import type { ServerBuild } from "react-router";

export { startServer } from "./main";
// For tests that need the production app in-process: route modules read
// their context through this bundle's modules, not the sources'.
export { createApp } from "./app";

export function loadBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build");
}
