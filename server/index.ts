/**
 * The server's entry point, for `npm run dev` and `npm start` alike; both
 * run the same Express app from server/main.ts.
 *
 * - Development (`NODE_ENV=development`, run from source with tsx): Vite runs
 *   in middleware mode; the server and the routes are loaded through it, and
 *   every request gets the latest route modules (hot reload).
 * - Production: `react-router build` compiles this file to
 *   build/server/index.js, next to build/server/app.js (server/build-entry.ts).
 *
 * This file imports nothing of the app itself but the settings check, which
 * holds none of the app's state: everything that does (the database, the
 * jobs) must come from the one module graph the routes use, Vite's in
 * development and the bundle in production.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type * as BuildEntry from "./build-entry";
import { checkedSettings } from "./settings";
// A bad setting ends the start here, in one line, before Vite or the app's
// bundle is loaded; startServer reads the settings again for what it runs with.
checkedSettings();

const httpServer = http.createServer();

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const listenersBefore = new Set(process.listeners("SIGTERM"));
  const vite = await createServer({
    appType: "custom",
    // The HMR websocket shares the app's port, so parallel dev servers never collide.
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  // React Router's plugin starts a second Vite server, which would exit the
  // process on SIGTERM in the middle of the app's own graceful shutdown.
  for (const listener of process.listeners("SIGTERM")) {
    if (!listenersBefore.has(listener)) process.off("SIGTERM", listener);
  }
  const entry = (await vite.ssrLoadModule("/server/build-entry.ts")) as typeof BuildEntry;
  await entry.startServer({
    httpServer,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    vite: { middlewares: vite.middlewares, close: () => vite.close() },
  });
} else {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = (await import(pathToFileURL(path.join(here, "app.js")).href)) as typeof BuildEntry;
  await entry.startServer({
    httpServer,
    build: await entry.loadBuild(),
    clientDir: path.resolve(here, "../client"),
  });
}
