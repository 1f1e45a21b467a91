import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Builds into `buildDir` (BUILD_DIR) unless a server build is already there. */
export function ensureBuild(buildDir: string): void {
  if (fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  console.log(`No build in ${buildDir}: building…`);
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("build failed");
}
