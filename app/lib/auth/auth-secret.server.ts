import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { configurationError, EnvError, type Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from "~/lib/ops/private-files.server";

const SECRET_FILE = "auth-secret";

/**
 * The secret that signs session cookies. On Postgres several instances must
 * share it, so it is required; with the embedded database one is generated
 * once and kept in DATA_DIR, so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.DATABASE_URL) {
    throw new EnvError(
      configurationError(
        "BETTER_AUTH_SECRET",
        "required when DATABASE_URL is set (at least 32 characters, the same on every instance)",
      ),
    );
  }
  const file = path.join(env.DATA_DIR, SECRET_FILE);
  try {
    const secret = fs.readFileSync(file, "utf8").trim();
    // One written by an older version, or copied in, may be readable by others.
    const stat = fs.statSync(file);
    if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(file, PRIVATE_FILE_MODE);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  ensurePrivateDir(env.DATA_DIR);
  const secret = crypto.randomBytes(32).toString("base64url");
  writePrivateFile(file, `${secret}\n`, "wx");
  logger.warn({ file }, "BETTER_AUTH_SECRET is not set: generated one and stored it in DATA_DIR");
  return secret;
}
