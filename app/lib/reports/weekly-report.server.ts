import { LEAD_CHANNEL_LABELS } from "~/content/lead-channels";
import { isInterest } from "~/content/inquiry-options";
import { INQUIRY_STATUS_VALUES, type InquiryStatus } from "~/content/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import { summarizeLost } from "~/lib/reports/report-queries.server";
import { selectSources, selectWeeklyVolume } from "~/lib/reports/report-rollup.server";
import { selectWeekFigures } from "~/lib/reports/report-week-figures.server";
import {
  FUNNEL_STAGES,
  type FunnelStage,
  INTEREST_SERIES,
  type InterestSeries,
  NO_REASON,
  NOT_KNOWN,
  type Report,
  type WeekResponse,
  type WeekVolume,
} from "~/lib/reports/report-types";
import type { UkWeek } from "~/lib/uk-time";

const hours = (seconds: number | null) => (seconds === null ? null : seconds / 3600);

/** Every figure of the reports page (and its CSV files) for the given UK weeks. */
export async function buildReport(db: Db, weeks: readonly UkWeek[], now: Date): Promise<Report> {
  // Independent reads: on a pool they run side by side (in a transaction, one after another).
  const [volumeRows, weekFigures, sourceRows] = await Promise.all([
    selectWeeklyVolume(db, weeks),
    selectWeekFigures(db, weeks, now),
    selectSources(db, weeks),
  ]);
  const pipelineRows = summarizeLost(weekFigures.map((week) => week.lost));

  const volume: WeekVolume[] = weeks.map((week) => ({
    week: week.key,
    byInterest: Object.fromEntries(INTEREST_SERIES.map((key) => [key, 0])) as Record<InterestSeries, number>,
    total: 0,
    spam: 0,
    held: 0,
  }));
  for (const row of volumeRows.weekly) {
    const target = volume[row.week];
    if (!target) continue;
    const count = Number(row.count);
    // A held inquiry is also marked spam until judged: it counts as held, so the two series never overlap.
    if (row.held) target.held += count;
    else if (row.spam) target.spam += count;
    else {
      const series: InterestSeries =
        row.interest !== null && isInterest(row.interest) ? row.interest : "not-given";
      target.byInterest[series] += count;
      target.total += count;
    }
  }

  // selectWeekFigures answers each week, in order.
  const responses: WeekResponse[] = weekFigures.map(({ responses: row }, index) => ({
    week: weeks[index]!.key,
    messages: row.messages,
    answered: row.answered,
    medianHours: hours(row.medianSeconds),
    p90Hours: hours(row.p90Seconds),
    due: row.due,
    withinPromise: row.withinPromise,
    shareWithinPromise: row.due === 0 ? null : row.withinPromise / row.due,
  }));

  // The pipeline's status counts and the channels: the genuine inquiries of the same pass.
  const statusCounts = new Map<string, number>();
  const channelCounts = new Map<string, number>();
  for (const row of volumeRows.genuine) {
    statusCounts.set(row.status, (statusCounts.get(row.status) ?? 0) + Number(row.count));
    channelCounts.set(row.source, (channelCounts.get(row.source) ?? 0) + Number(row.count));
  }
  const channels = [...channelCounts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const statusCount = (status: InquiryStatus) => statusCounts.get(status) ?? 0;
  const received = INQUIRY_STATUS_VALUES.reduce((sum, status) => sum + statusCount(status), 0);
  const reachedCounts: Record<FunnelStage, number> = {
    received,
    contacted:
      statusCount("contacted") +
      statusCount("qualified") +
      statusCount("closed_won") +
      pipelineRows.lostReached.contacted,
    qualified: statusCount("qualified") + statusCount("closed_won") + pipelineRows.lostReached.qualified,
    won: statusCount("closed_won"),
  };

  const label = (key: string | null) => (key === null || key === "" ? NOT_KNOWN : key);
  return {
    weeks: weeks.map((week) => ({
      key: week.key,
      start: week.start.toISOString(),
      end: week.end.toISOString(),
    })),
    volume,
    responses,
    pipeline: {
      statuses: INQUIRY_STATUS_VALUES.map((status) => ({ status, count: statusCount(status) })),
      funnel: FUNNEL_STAGES.map((stage) => ({
        stage,
        count: reachedCounts[stage],
        shareOfReceived: received === 0 ? null : reachedCounts[stage] / received,
      })),
      lostReasons: pipelineRows.lostReasons.map((row) => ({
        label: row.label === "" ? NO_REASON : row.label,
        count: row.count,
      })),
    },
    sources: {
      channels: channels.map((row) => ({
        label: LEAD_CHANNEL_LABELS[row.key] ?? label(row.key),
        count: row.count,
      })),
      landingPages: sourceRows.landingPages.map((row) => ({ label: label(row.key), count: row.count })),
      referrers: sourceRows.referrers.map((row) => ({
        label: row.key === null ? "Direct or not known" : row.key,
        count: row.count,
      })),
      campaigns: sourceRows.campaigns.map((row) => ({
        source: row.source ?? "(none)",
        medium: row.medium ?? "(none)",
        campaign: row.campaign ?? "(none)",
        count: row.count,
      })),
    },
  };
}
