import { isReportChart } from "~/lib/reports/report-tables";
import { reportCsv } from "~/lib/reports/report-csv.server";
import { reportTable } from "~/lib/reports/report-tables";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.reports.export-csv";
import { loadReportsPage } from "~/routes/dashboard.reports.server";
import { guardedUser } from "~/lib/http/guards.server";

/** One chart's table of the reports page, for the same range, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const chart = new URL(request.url).searchParams.get("chart") ?? "";
  if (!isReportChart(chart)) {
    return new Response("Unknown chart: choose one of the reports page's CSV links.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { body } = await loadReportsPage(request, context);
  if (!body.ok) {
    return new Response(`This range cannot be exported: ${Object.values(body.fieldErrors).join(" ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  logger.info({ adminId: user.id, chart, range: body.range.kind }, "report exported");
  return new Response(reportCsv(reportTable(body.report, chart, body.promiseHours)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="report-${chart}-${body.range.from}-${body.range.to}.csv"`,
    },
  });
}
