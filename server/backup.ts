import { Router } from "express";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { backupFileName } from "~/lib/backup/backup-files.server";
import { deriveBackupToken } from "~/lib/backup/backup.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { sameToken } from "./request-guards";

export const BACKUP_PATH = "/_ops/backup";
export const BACKUP_TOKEN_HEADER = "x-backup-token";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * POST /_ops/backup: the running server dumps its embedded database, which no second process may open. Only for a
 * connection from this machine (never X-Forwarded-For) with the token; anything else falls through to the site.
 */
export function backupRoutes(env: Env, database: DatabaseHandle): Router {
  const router = Router();
  // Derived on first use: the server has resolved (or generated) the secret by then.
  let token: string | undefined;
  router.post(BACKUP_PATH, async (req, res, next) => {
    const remote = req.socket.remoteAddress ?? "";
    const local = LOOPBACK.test(remote) || remote === req.socket.localAddress;
    const given = req.headers[BACKUP_TOKEN_HEADER];
    if (!local || typeof given !== "string") return next();
    token ??= deriveBackupToken(resolveAuthSecret(env));
    if (!sameToken(given, token)) return next();
    res.setHeader("Cache-Control", "no-store");
    if (!database.dumpDataDir) {
      res.status(409).type("text/plain").send("PostgreSQL: back up with pg_dump (npm run backup does).");
      return;
    }
    const started = Date.now();
    const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    logger.info({ bytes: dump.length, ms: Date.now() - started }, "backup taken");
    res
      .type("application/gzip")
      .setHeader("Content-Disposition", `attachment; filename="${backupFileName("pglite")}"`)
      .send(dump);
  });
  return router;
}
