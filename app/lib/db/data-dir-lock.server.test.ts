import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "~/lib/db/data-dir-lock.server";

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

/** The lock's lines after the PID: the host, boot and PID namespace this process writes. */
function ownScopeLines(): string {
  const dir = tempDir();
  const release = acquireDataDirLock(dir);
  const text = fs.readFileSync(path.join(dir, "pglite.lock"), "utf8");
  release();
  return text
    .split("\n")
    .filter((line) => /^(host|boot|pidns)=/.test(line))
    .join("\n");
}

describe("acquireDataDirLock", () => {
  it("creates the directory and a lock file holding our PID, host, boot and PID namespace, removed on release", () => {
    const dir = path.join(tempDir(), "nested");
    const release = acquireDataDirLock(dir);
    const lines = fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").split("\n");
    expect(lines[0]).toBe(String(process.pid));
    expect(lines.slice(1, 4)).toEqual([
      `host=${os.hostname()}`,
      expect.stringMatching(/^boot=.+/),
      expect.stringMatching(/^pidns=.+/),
    ]);
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  it("refuses a directory held by a live process and names its PID", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), `${holder.pid}\n${ownScopeLines()}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by PID ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it("takes over a stale lock left by a process that died in this PID namespace", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${deadPid()}\n${ownScopeLines()}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });

  it("takes over a lock written on this host before its last reboot, whatever its PID namespace", () => {
    const dir = tempDir();
    const scope = ownScopeLines()
      .replace(/^boot=.*$/m, "boot=00000000-0000-4000-8000-000000000000")
      .replace(/^pidns=.*$/m, "pidns=pid:[4026599999]");
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${process.pid}\n${scope}\nstart=12345\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toContain(ownScopeLines());
    release();
  });

  it("data-dir lock: a lock from another PID namespace is not taken over because its PID looks dead here", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "pglite.lock");
    // Another container on the same volume: the same host and boot, its own PID namespace.
    const scope = ownScopeLines().replace(/^pidns=.*$/m, "pidns=pid:[4026599999]");
    const text = `${deadPid()}\n${scope}\nstart=12345\n`;
    fs.writeFileSync(lockPath, text);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `cannot be checked from here (lock file ${lockPath}): if no process uses the directory any more, delete ${lockPath} and start again.`,
    );
    expect(fs.readFileSync(lockPath, "utf8")).toBe(text);
  });

  it("refuses a lock of the PID alone (another host's, or an older version's) whose PID looks dead here", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "pglite.lock");
    fs.writeFileSync(lockPath, `${deadPid()}\n`);
    const error = (() => {
      try {
        acquireDataDirLock(dir);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).not.toContain("\n");
    expect((error as Error).message).toContain(`delete ${lockPath}`);
    expect(fs.existsSync(lockPath)).toBe(true);
  });
});
