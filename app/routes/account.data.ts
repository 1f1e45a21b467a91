import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { personalDataDownload } from "~/lib/privacy/personal-data.server";
import type { Route } from "./+types/account.data";

/**
 * The signed-in user's account data as one JSON file, as the personal-data declarations find it: never
 * a secret, and no link, token or code from a mail.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const download = await personalDataDownload(context, user.email, "account", "my-account-data");
  logger.info({ userId: user.id }, "account data downloaded");
  return download;
}
