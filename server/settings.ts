/* Nothing here holds state, so the copy bundled into build/server/index.js and the app's agree. */
import { configurationError, type Env, EnvError, getEnv } from "~/lib/env.server";
import { ensurePrivateDir, UnusableDirectoryError } from "~/lib/ops/private-files.server";

/** Plain text on stderr and exit 1: the operator reads this, not a log pipeline. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Ends the start with the line that names the setting at fault, or what went wrong. */
export function failStart(error: unknown): never {
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof UnusableDirectoryError) fail(configurationError("DATA_DIR", error.message));
  fail(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
}

/** The process environment, validated, with DATA_DIR usable when anything is kept there; exits otherwise. */
export function checkedSettings(): Env {
  try {
    const env = getEnv();
    // An unusable DATA_DIR fails here, in a line, not at the first write.
    if (!env.DATABASE_URL || !env.SMTP_URL) ensurePrivateDir(env.DATA_DIR, { tighten: true });
    return env;
  } catch (error) {
    failStart(error);
  }
}
