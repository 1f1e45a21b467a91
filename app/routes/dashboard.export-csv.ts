import { parseInboxFilter } from "~/forms/inbox";
import { guardedUser } from "~/lib/http/guards.server";
import { streamInquiriesCsv } from "~/lib/inquiries/csv.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.export-csv";
import { databaseContext } from "~/lib/context.server";

/** The current view of the inbox (its filters, every page) as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const { status, interest, dealSize, q, lead, owner, inquiry } = parseInboxFilter(
    new URL(request.url).searchParams,
  );
  logger.info({ adminId: user.id, status, interest, dealSize, search: Boolean(q) }, "inbox exported");
  const date = new Date().toISOString().slice(0, 10);
  return new Response(
    streamInquiriesCsv(
      context.get(databaseContext).db,
      { status, interest, dealSize, q, lead, owner, inquiry },
      user.id,
    ),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="inquiries-${status}-${date}.csv"`,
      },
    },
  );
}
