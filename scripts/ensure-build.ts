import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Builds into `buildDir` (BUILD_DIR) unless a server build is already there. */
export function ensureBuild(buildDir: string): void {
  // index.js (the server's entry point) is written last, after app.js (the app).
  const files = ["server/app.js", "server/index.js"];
  if (files.every((file) => fs.existsSync(path.join(buildDir, file)))) return;
  console.log(`No build in ${buildDir}: building…`);
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("build failed");
}
