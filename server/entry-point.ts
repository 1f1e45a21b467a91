import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { startServer } from "./main";

/**
 * `node build/server/index.js` is how the production server starts. That file
 * is React Router's server build, which bundles app/entry.server.tsx, which
 * calls this. React Router's prerendering imports the same file at build
 * time, so the server starts only when the file is the process entry point.
 *
 * Living inside the server build means the Express server and the routes
 * share one module graph, and so one database connection.
 */
export function startServerIfEntryPoint(moduleUrl: string): void {
  const file = fileURLToPath(moduleUrl);
  const entry = process.argv[1];
  if (entry === undefined || fs.realpathSync(entry) !== file) return;

  // Importing our own bundle yields the finished server build once this
  // module has been evaluated (awaiting it here would deadlock).
  void import(/* @vite-ignore */ moduleUrl).then((build: ServerBuild) =>
    startServer(build, path.resolve(path.dirname(file), "../client")),
  );
}
