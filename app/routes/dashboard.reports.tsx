import { data, href, useLoaderData } from "react-router";
import { ChartFigure } from "~/components/reports/chart-figure";
import { ShareColumns, StackedColumns } from "~/components/reports/column-charts";
import { HorizontalBars } from "~/components/reports/horizontal-bars";
import { WeekLines } from "~/components/reports/line-chart";
import { RangeForm } from "~/components/reports/range-form";
import { brandTitle } from "~/content/company";
import { LEAD_STATUS_LABELS } from "~/content/lead-desk";
import { INTEREST_SERIES } from "~/lib/reports/report-types";
import {
  FUNNEL_LABELS,
  formatShare,
  type ReportChart,
  reportTable,
  SERIES_LABELS,
} from "~/lib/reports/report-tables";
import type { Route } from "./+types/dashboard.reports";
import { loadReportsPage } from "./dashboard.reports.server";

// Not hydrated: server-drawn SVG and a GET form; the page ships no JavaScript.

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Reports") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, body } = await loadReportsPage(request, context);
  return data(body, { status });
}

const WEEK_AXIS = "Week starting (Monday, UK time)";

export default function Reports() {
  const page = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Reports</h1>
      <p className="mt-1 text-ink-muted">
        Leads, response times and the pipeline, week by week. Spam is counted apart and left out of every
        other figure.
      </p>
      <RangeForm
        values={page.ok ? { range: page.range.kind, from: page.range.from, to: page.range.to } : page.values}
        fieldErrors={page.ok ? {} : page.fieldErrors}
      />
      {page.ok ? <Charts page={page} /> : null}
    </main>
  );
}

function Charts({ page }: { page: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }> }) {
  const { report, promiseHours } = page;
  const keys = report.weeks.map((week) => week.key);
  const table = (chart: ReportChart) => reportTable(report, chart, promiseHours);
  const csv = (chart: ReportChart) => `${href("/dashboard/reports/export.csv")}?chart=${chart}&${page.query}`;
  const totals = report.volume.reduce((sum, week) => sum + week.total, 0);
  return (
    <>
      <p className="mt-6 text-sm text-ink-muted" data-testid="range-summary">
        {`${report.weeks.length} ${report.weeks.length === 1 ? "week" : "weeks"}, ${page.range.from} to ${page.range.to}: ${totals} genuine ${totals === 1 ? "inquiry" : "inquiries"}.`}
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ChartFigure
          id="inquiries"
          title="Inquiries per week, by interest"
          table={table("inquiries")}
          csvHref={csv("inquiries")}
        >
          <StackedColumns
            id="inquiries-chart"
            label="Stacked columns: inquiries per week by interest. The table below has the figures."
            keys={keys}
            series={INTEREST_SERIES.map((key) => ({
              label: SERIES_LABELS[key],
              values: report.volume.map((week) => week.byInterest[key]),
            }))}
            xTitle={WEEK_AXIS}
            yTitle="Inquiries"
          />
        </ChartFigure>
        <ChartFigure
          id="response-times"
          title="Response time per week"
          description={`From each message of a lead to the desk's next reply, by the week the message came in; the line marks the ${promiseHours}-hour promise.`}
          table={table("response-times")}
          csvHref={csv("response-times")}
        >
          <WeekLines
            id="response-times-chart"
            label="Lines: median and 90th percentile response time per week, in hours, against the promise."
            keys={keys}
            series={[
              { label: "Median", values: report.responses.map((week) => week.medianHours) },
              { label: "90th percentile", values: report.responses.map((week) => week.p90Hours) },
            ]}
            reference={{ value: promiseHours, label: `${promiseHours} h promise` }}
            xTitle={WEEK_AXIS}
            yTitle="Hours"
          />
        </ChartFigure>
        <ChartFigure
          id="within-promise"
          title={`Answered within ${promiseHours} hours`}
          description={`Of the messages answered, or waiting longer than ${promiseHours} hours, the share answered in time.`}
          table={table("within-promise")}
          csvHref={csv("within-promise")}
        >
          <ShareColumns
            id="within-promise-chart"
            label={`Columns: the share of messages answered within ${promiseHours} hours, per week.`}
            keys={keys}
            values={report.responses.map((week) => week.shareWithinPromise)}
            xTitle={WEEK_AXIS}
            yTitle="Share answered in time"
          />
        </ChartFigure>
        <ChartFigure
          id="pipeline"
          title="Pipeline"
          description="The leads received in the range, by their status now, and how far they got: a lost lead counts up to the furthest stage it reached."
          table={table("pipeline")}
          csvHref={csv("pipeline")}
        >
          <HorizontalBars
            id="pipeline-status-chart"
            label="Bars: leads at each status now."
            items={report.pipeline.statuses.map((row) => ({
              label: LEAD_STATUS_LABELS[row.status],
              value: row.count,
            }))}
            valueTitle="Leads at each status now"
          />
          <HorizontalBars
            id="pipeline-funnel-chart"
            label="Bars: leads that reached each stage, with the share of those received."
            items={report.pipeline.funnel.map((row) => ({
              label: FUNNEL_LABELS[row.stage],
              value: row.count,
              note: formatShare(row.shareOfReceived),
            }))}
            valueTitle="Leads that reached each stage (share of received)"
          />
        </ChartFigure>
        <ChartFigure
          id="lost-reasons"
          title="Why leads were lost"
          table={table("lost-reasons")}
          csvHref={csv("lost-reasons")}
        >
          <HorizontalBars
            id="lost-reasons-chart"
            label="Bars: lost leads by reason, the most common first."
            items={report.pipeline.lostReasons.map((row) => ({ label: row.label, value: row.count }))}
            valueTitle="Lost leads (reasons grouped regardless of case)"
          />
        </ChartFigure>
        <ChartFigure
          id="sources"
          title="Where leads come from"
          description="The channel of every lead; for form inquiries, the first page of the visit, the site that referred it and its campaign."
          table={table("sources")}
          csvHref={csv("sources")}
        >
          <HorizontalBars
            id="sources-channel-chart"
            label="Bars: leads by channel."
            items={report.sources.channels.map((row) => ({ label: row.label, value: row.count }))}
            valueTitle="Leads by channel"
          />
          <HorizontalBars
            id="sources-landing-chart"
            label="Bars: form inquiries by landing page."
            items={report.sources.landingPages.map((row) => ({ label: row.label, value: row.count }))}
            valueTitle="Form inquiries by landing page"
          />
          <HorizontalBars
            id="sources-referrer-chart"
            label="Bars: form inquiries by referring site."
            items={report.sources.referrers.map((row) => ({ label: row.label, value: row.count }))}
            valueTitle="Form inquiries by referring site"
          />
          <HorizontalBars
            id="sources-campaign-chart"
            label="Bars: form inquiries by campaign (source / medium / campaign)."
            items={report.sources.campaigns.map((row) => ({
              label: `${row.source} / ${row.medium} / ${row.campaign}`,
              value: row.count,
            }))}
            valueTitle="Form inquiries by campaign (utm source / medium / campaign)"
          />
        </ChartFigure>
        <ChartFigure
          id="spam"
          title="Spam and held inquiries per week"
          table={table("spam")}
          csvHref={csv("spam")}
        >
          <StackedColumns
            id="spam-chart"
            label="Stacked columns: spam and held inquiries per week."
            keys={keys}
            series={[
              { label: "Spam", values: report.volume.map((week) => week.spam) },
              { label: "Held", values: report.volume.map((week) => week.held) },
            ]}
            xTitle={WEEK_AXIS}
            yTitle="Inquiries"
          />
        </ChartFigure>
      </div>
    </>
  );
}
