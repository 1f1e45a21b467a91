import type { ReactNode } from "react";
import { data, href, useLoaderData } from "react-router";
import { ChartFigure } from "~/components/reports/chart-figure";
import { ShareColumns, StackedColumns } from "~/components/reports/column-charts";
import { HorizontalBars } from "~/components/reports/horizontal-bars";
import { WeekLines } from "~/components/reports/line-chart";
import { RangeForm } from "~/components/reports/range-form";
import { brandTitle } from "~/content/company";
import { INQUIRY_STATUS_LABELS } from "~/content/inquiry-desk";
import { INTEREST_SERIES } from "~/lib/reports/report-types";
import {
  FUNNEL_LABELS,
  formatShare,
  type ReportChart,
  reportTable,
  SERIES_LABELS,
  sourceBreakdowns,
} from "~/lib/reports/report-tables";
import type { Route } from "./+types/dashboard.reports";
import { LeadsByLanguage } from "~/components/leads-by-language";
import { loadReportsPage } from "~/routes/dashboard.reports.server";

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
      {page.ok ? <SanctionsFigures figures={page.sanctions} licences={page.licences} /> : null}
      {page.ok ? <LeadsByLanguage counts={page.languages} /> : null}
    </main>
  );
}

/** As things stand today, whatever the range: the screening is of every lead kept. */
function SanctionsFigures({
  figures,
  licences,
}: {
  figures: ReportsPage["sanctions"];
  licences: ReportsPage["licences"];
}) {
  const rows: [string, string][] = [
    ["Leads screened", figures.screened.toLocaleString("en-GB")],
    ["Possible matches awaiting a decision", figures.awaiting.toLocaleString("en-GB")],
    ["Leads blocked by a confirmed match", figures.blocked.toLocaleString("en-GB")],
    [
      "UK Sanctions List in use",
      figures.listPublishedOn ? `published ${figures.listPublishedOn}` : "none imported",
    ],
    ["Leads with a licence verified", licences.verified.toLocaleString("en-GB")],
    [
      `Verified licences expiring within ${licences.withinDays} days`,
      licences.expiring.toLocaleString("en-GB"),
    ],
  ];
  return (
    <section aria-labelledby="sanctions-figures-heading" className="mt-10" data-testid="sanctions-figures">
      <h2 id="sanctions-figures-heading" className="text-xl font-bold text-ink">
        Sanctions screening and licences today
      </h2>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-line-soft py-1">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type ReportsPage = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>;

interface ChartSpec {
  id: ReportChart;
  title: string;
  description?: string;
  graphic: ReactNode;
}

const SOURCE_CHARTS = {
  channel: { label: "Bars: leads by channel.", valueTitle: "Leads by channel" },
  landing: { label: "Bars: form inquiries by landing page.", valueTitle: "Form inquiries by landing page" },
  referrer: {
    label: "Bars: form inquiries by referring site.",
    valueTitle: "Form inquiries by referring site",
  },
  campaign: {
    label: "Bars: form inquiries by campaign (source / medium / campaign).",
    valueTitle: "Form inquiries by campaign (utm source / medium / campaign)",
  },
} as const;

const counted = (rows: readonly { label: string; count: number }[]) =>
  rows.map((row) => ({ label: row.label, value: row.count }));

function chartSpecs({ report, promiseHours }: ReportsPage): ChartSpec[] {
  const keys = report.weeks.map((week) => week.key);
  const weekly = { keys, xTitle: WEEK_AXIS };
  return [
    {
      id: "inquiries",
      title: "Inquiries per week, by interest",
      graphic: (
        <StackedColumns
          id="inquiries-chart"
          label="Stacked columns: inquiries per week by interest. The table below has the figures."
          series={INTEREST_SERIES.map((key) => ({
            label: SERIES_LABELS[key],
            values: report.volume.map((week) => week.byInterest[key]),
          }))}
          yTitle="Inquiries"
          {...weekly}
        />
      ),
    },
    {
      id: "response-times",
      title: "Response time per week",
      description: `From each message of a lead to the desk's next reply, by the week the message came in; the line marks the ${promiseHours}-hour promise.`,
      graphic: (
        <WeekLines
          id="response-times-chart"
          label="Lines: median and 90th percentile response time per week, in hours, against the promise."
          series={[
            { label: "Median", values: report.responses.map((week) => week.medianHours) },
            { label: "90th percentile", values: report.responses.map((week) => week.p90Hours) },
          ]}
          reference={{ value: promiseHours, label: `${promiseHours} h promise` }}
          yTitle="Hours"
          {...weekly}
        />
      ),
    },
    {
      id: "within-promise",
      title: `Answered within ${promiseHours} hours`,
      description: `Of the messages answered, or waiting longer than ${promiseHours} hours, the share answered in time.`,
      graphic: (
        <ShareColumns
          id="within-promise-chart"
          label={`Columns: the share of messages answered within ${promiseHours} hours, per week.`}
          values={report.responses.map((week) => week.shareWithinPromise)}
          yTitle="Share answered in time"
          {...weekly}
        />
      ),
    },
    {
      id: "pipeline",
      title: "Pipeline",
      description:
        "The leads received in the range, by their status now, and how far they got: a lost lead counts up to the furthest stage it reached.",
      graphic: (
        <>
          <HorizontalBars
            id="pipeline-status-chart"
            label="Bars: leads at each status now."
            items={report.pipeline.statuses.map((row) => ({
              label: INQUIRY_STATUS_LABELS[row.status],
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
        </>
      ),
    },
    {
      id: "lost-reasons",
      title: "Why leads were lost",
      graphic: (
        <HorizontalBars
          id="lost-reasons-chart"
          label="Bars: lost leads by reason, the most common first."
          items={counted(report.pipeline.lostReasons)}
          valueTitle="Lost leads (reasons grouped regardless of case)"
        />
      ),
    },
    {
      id: "sources",
      title: "Where leads come from",
      description:
        "The channel of every lead; for form inquiries, the first page of the visit, the site that referred it and its campaign.",
      graphic: sourceBreakdowns(report.sources).map((breakdown) => (
        <HorizontalBars
          key={breakdown.key}
          id={`sources-${breakdown.key}-chart`}
          items={counted(breakdown.rows)}
          {...SOURCE_CHARTS[breakdown.key]}
        />
      )),
    },
    {
      id: "spam",
      title: "Spam and held inquiries per week",
      graphic: (
        <StackedColumns
          id="spam-chart"
          label="Stacked columns: spam and held inquiries per week."
          series={[
            { label: "Spam", values: report.volume.map((week) => week.spam) },
            { label: "Held", values: report.volume.map((week) => week.held) },
          ]}
          yTitle="Inquiries"
          {...weekly}
        />
      ),
    },
  ];
}

function Charts({ page }: { page: ReportsPage }) {
  const { report } = page;
  const totals = report.volume.reduce((sum, week) => sum + week.total, 0);
  return (
    <>
      <p className="mt-6 text-sm text-ink-muted" data-testid="range-summary">
        {`${report.weeks.length} ${report.weeks.length === 1 ? "week" : "weeks"}, ${page.range.from} to ${page.range.to}: ${totals} genuine ${totals === 1 ? "inquiry" : "inquiries"}.`}
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {chartSpecs(page).map((chart) => (
          <ChartFigure
            key={chart.id}
            id={chart.id}
            title={chart.title}
            description={chart.description}
            table={reportTable(report, chart.id, page.promiseHours)}
            csvHref={`${href("/dashboard/reports/export.csv")}?chart=${chart.id}&${page.query}`}
          >
            {chart.graphic}
          </ChartFigure>
        ))}
      </div>
    </>
  );
}
