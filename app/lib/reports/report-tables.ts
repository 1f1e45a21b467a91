import { INTEREST_LABELS } from "~/content/inquiry-options";
import { INQUIRY_STATUS_LABELS } from "~/content/inquiry-desk";
import { INTEREST_SERIES, type InterestSeries, type Report } from "~/lib/reports/report-types";

/**
 * Each chart's data as one table: the page shows it beneath the chart and
 * the CSV download is the same table, so the two cannot disagree.
 */
export const REPORT_CHARTS = [
  "inquiries",
  "response-times",
  "within-promise",
  "pipeline",
  "lost-reasons",
  "sources",
  "spam",
] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

export function isReportChart(value: string): value is ReportChart {
  return (REPORT_CHARTS as readonly string[]).includes(value);
}

export interface ReportTable {
  title: string;
  headers: string[];
  rows: string[][];
}

export const SERIES_LABELS: Record<InterestSeries, string> = {
  ...INTEREST_LABELS,
  "not-given": "Not given",
};

export const FUNNEL_LABELS = {
  received: "Received",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
} as const;

/** Hours with one decimal; an empty cell when there is no figure. */
export function formatHours(value: number | null): string {
  return value === null ? "" : value.toFixed(1);
}

/** A share as a whole percentage; an empty cell when nothing was due. */
export function formatShare(value: number | null): string {
  return value === null ? "" : `${Math.round(value * 100)}%`;
}

/** The four ways the sources chart and its table break the leads down, in the order both show them. */
export function sourceBreakdowns(sources: Report["sources"]) {
  return [
    { key: "channel", measure: "Channel", rows: sources.channels },
    { key: "landing", measure: "Landing page", rows: sources.landingPages },
    { key: "referrer", measure: "Referring site", rows: sources.referrers },
    {
      key: "campaign",
      measure: "Campaign",
      rows: sources.campaigns.map((row) => ({
        label: `${row.source} / ${row.medium} / ${row.campaign}`,
        count: row.count,
      })),
    },
  ] as const;
}

export function reportTable(report: Report, chart: ReportChart, promiseHours: number): ReportTable {
  switch (chart) {
    case "inquiries":
      return {
        title: "Inquiries per week by interest",
        headers: ["Week (Monday)", ...INTEREST_SERIES.map((key) => SERIES_LABELS[key]), "Total"],
        rows: report.volume.map((week) => [
          week.week,
          ...INTEREST_SERIES.map((key) => String(week.byInterest[key])),
          String(week.total),
        ]),
      };
    case "response-times":
      return {
        title: "Response time per week (hours)",
        headers: [
          "Week (Monday)",
          "Messages from leads",
          "Answered",
          "Median (hours)",
          "90th percentile (hours)",
        ],
        rows: report.responses.map((week) => [
          week.week,
          String(week.messages),
          String(week.answered),
          formatHours(week.medianHours),
          formatHours(week.p90Hours),
        ]),
      };
    case "within-promise":
      return {
        title: `Share answered within ${promiseHours} hours per week`,
        headers: ["Week (Monday)", "Due", `Answered within ${promiseHours} hours`, "Share"],
        rows: report.responses.map((week) => [
          week.week,
          String(week.due),
          String(week.withinPromise),
          formatShare(week.shareWithinPromise),
        ]),
      };
    case "pipeline":
      return {
        title: "Pipeline",
        headers: ["Measure", "Stage", "Leads", "Share of received"],
        rows: [
          ...report.pipeline.statuses.map((row) => [
            "Status now",
            INQUIRY_STATUS_LABELS[row.status],
            String(row.count),
            "",
          ]),
          ...report.pipeline.funnel.map((row) => [
            "Reached",
            FUNNEL_LABELS[row.stage],
            String(row.count),
            formatShare(row.shareOfReceived),
          ]),
        ],
      };
    case "lost-reasons":
      return {
        title: "Lost reasons",
        headers: ["Reason", "Leads"],
        rows: report.pipeline.lostReasons.map((row) => [row.label, String(row.count)]),
      };
    case "sources":
      return {
        title: "Where leads come from",
        headers: ["Measure", "Value", "Leads"],
        rows: sourceBreakdowns(report.sources).flatMap((breakdown) =>
          breakdown.rows.map((row) => [breakdown.measure, row.label, String(row.count)]),
        ),
      };
    case "spam":
      return {
        title: "Spam and held inquiries per week",
        headers: ["Week (Monday)", "Spam", "Held"],
        rows: report.volume.map((week) => [week.week, String(week.spam), String(week.held)]),
      };
  }
}
