import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { exportPersonalData, storageDirsOf } from "~/lib/privacy/personal-data.server";
import type { Route } from "./+types/account.data";
import { databaseContext, envContext } from "~/lib/context.server";

/**
 * The signed-in user's account data as one JSON file: the account, its
 * sessions (with IP address and user agent), its passkeys (public keys), the
 * account mail and rate-limit counters, as the personal-data declarations
 * find them. Never a secret, and no link, token or code from a mail.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const exported = await exportPersonalData(
    context.get(databaseContext).db,
    user.email,
    "account",
    storageDirsOf(context.get(envContext)),
  );
  logger.info({ userId: user.id }, "account data downloaded");
  const exportedAt = exported.exportedAt as Date;
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-account-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
    },
  });
}
