import { data } from "react-router";
import { RightsRequestSchema } from "~/forms/privacy";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { personalDataDownload } from "~/lib/privacy/personal-data.server";
import type { Route } from "./+types/dashboard.privacy.export-json";

/** A subject access request: everything held about one address, as one JSON file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = RightsRequestSchema.safeParse({
    email: new URL(request.url).searchParams.get("email") ?? "",
  });
  if (!parsed.success) throw data("Enter a valid email address.", { status: 400 });
  const download = await personalDataDownload(context, parsed.data.email, "all", "personal-data");
  logger.info({ adminId: user.id }, "rights request exported");
  return download;
}
