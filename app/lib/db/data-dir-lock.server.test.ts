import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function deadPid(): number {
  // A process that has exited: its PID is (almost certainly) free.
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("acquireDataDirLock", () => {
  it("creates the directory and a lock file holding our PID, removed on release", () => {
    const dir = path.join(tempDir(), "nested");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  it("refuses a directory held by a live process and names its PID", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), `${holder.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by PID ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it("takes over a stale lock left by a dead process", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${deadPid()}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
