import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { countPersonalData, findPersonalData } from "~/lib/privacy/personal-data.server";
import type { Route } from "./+types/account.data";
import { databaseContext } from "~/lib/context.server";

/**
 * The signed-in user's account data as one JSON file: the account, its
 * sessions (with IP address and user agent), its passkeys (public keys), the
 * account mail and rate-limit counters. Never a secret: no password hash, no
 * session token.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const found = await findPersonalData(context.get(databaseContext).db, user.email, "account");
  logger.info({ userId: user.id, counts: countPersonalData(found) }, "account data downloaded");
  const exportedAt = new Date();
  return new Response(JSON.stringify({ exportedAt, ...found }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-account-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
    },
  });
}
