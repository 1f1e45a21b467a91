/**
 * The entry point for `npm run dev` (Vite in middleware mode) and `npm start`. It imports nothing of the app but the
 * settings check: whatever holds state must come from the one module graph the routes use.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type * as BuildEntry from "./build-entry";
import { checkedSettings } from "./settings";
// A bad setting ends the start here, before Vite or the app's bundle is loaded.
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
  // React Router's plugin starts a second Vite server, which would exit the process on SIGTERM mid-shutdown.
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
