import { data } from "react-router";
import { replyPromise } from "~/content/inquiry-desk";
import type { ReportRangeErrors } from "~/forms/reports";
import { databaseContext, type AppContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { parseReportRange, rangeQuery, type ResolvedRange } from "~/lib/reports/report-range";
import type { Report } from "~/lib/reports/report-types";
import { buildReport } from "~/lib/reports/weekly-report.server";
import { countSanctionsFigures } from "~/lib/sanctions/decisions.server";
import { countLicenceFigures } from "~/lib/licences/licence-checks.server";
import { londonDate } from "~/lib/uk-time";
import type { LanguageCount } from "~/forms/browser-language";
import { countLeadsByLanguage } from "~/lib/reports/leads-by-language.server";

type ReportsPageData =
  | {
      ok: true;
      range: Omit<ResolvedRange, "weeks">;
      query: string;
      report: Report;
      promiseHours: number;
      sanctions: Awaited<ReturnType<typeof countSanctionsFigures>>;
      licences: Awaited<ReturnType<typeof countLicenceFigures>>;
      languages: LanguageCount[];
    }
  | ({ ok: false; promiseHours: number } & ReportRangeErrors);

/** The reports page's figures for the range in the URL, or the range's errors (status 400). */
export async function loadReportsPage(
  request: Request,
  context: AppContext,
  now = new Date(),
): Promise<{ status: number; body: ReportsPageData }> {
  guardedUser(context);
  const promiseHours = replyPromise.withinHours;
  const parsed = parseReportRange(new URL(request.url).searchParams, now);
  if (!parsed.ok) {
    return {
      status: 400,
      body: { ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values, promiseHours },
    };
  }
  const { weeks, ...range } = parsed.range;
  try {
    const { db } = context.get(databaseContext);
    const report = await buildReport(db, weeks, now);
    const sanctions = await countSanctionsFigures(db);
    const licences = await countLicenceFigures(db, londonDate(now));
    const languages = await countLeadsByLanguage(db);
    return {
      status: 200,
      body: {
        ok: true,
        range,
        query: rangeQuery(parsed.range),
        report,
        promiseHours,
        sanctions,
        licences,
        languages,
      },
    };
  } catch (error) {
    // To the workspace's error boundary, with the reference and never the database's message.
    throw data(logFailure(error, "reports could not be computed"), { status: 500 });
  }
}
