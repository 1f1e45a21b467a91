import { data } from "react-router";
import { RightsRequestSchema } from "~/forms/privacy";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { exportPersonalData, storageDirsOf } from "~/lib/privacy/personal-data.server";
import type { Route } from "./+types/dashboard.privacy.export-json";
import { databaseContext, envContext } from "~/lib/context.server";

/** A subject access request: everything held about one address, as one JSON file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = RightsRequestSchema.safeParse({
    email: new URL(request.url).searchParams.get("email") ?? "",
  });
  if (!parsed.success) throw data("Enter a valid email address.", { status: 400 });
  const exported = await exportPersonalData(
    context.get(databaseContext).db,
    parsed.data.email,
    "all",
    storageDirsOf(context.get(envContext)),
  );
  logger.info({ adminId: user.id }, "rights request exported");
  const exportedAt = exported.exportedAt as Date;
  const body = JSON.stringify(exported, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
    },
  });
}
