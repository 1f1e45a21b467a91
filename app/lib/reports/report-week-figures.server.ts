import { sql } from "drizzle-orm";
import { reportWeekFigures } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { overdueCutoff } from "~/lib/inquiries/inquiry";
import {
  type LostGroup,
  type ResponseRow,
  selectWeeklyLost,
  selectWeeklyResponses,
} from "~/lib/reports/report-queries.server";
import type { UkWeek } from "~/lib/uk-time";

/** What one week keeps: its response times and its lost leads by reason. */
interface WeekFigures {
  responses: Omit<ResponseRow, "week">;
  lost: LostGroup[];
}

const NO_RESPONSES: Omit<ResponseRow, "week"> = {
  messages: 0,
  answered: 0,
  medianSeconds: null,
  p90Seconds: null,
  due: 0,
  withinPromise: 0,
};

/** The figures of a contiguous run of weeks, computed from their rows. */
async function computeWeekFigures(db: Db, span: readonly UkWeek[], now: Date): Promise<WeekFigures[]> {
  if (span.length === 0) return [];
  const [responses, lost] = await Promise.all([
    selectWeeklyResponses(db, span, now),
    selectWeeklyLost(db, span),
  ]);
  const computed: WeekFigures[] = span.map(() => ({ responses: { ...NO_RESPONSES }, lost: [] }));
  for (const { week, ...row } of responses) if (computed[week]) computed[week].responses = row;
  for (const { week, ...group } of lost) computed[week]?.lost.push(group);
  return computed;
}

/**
 * The response times and lost leads of each week. These need each row, so a week is computed once
 * and kept in report_week_figures with its rows' version; triggers raise the version on any change
 * to the week's rows. The version is read before computing and the figures kept only if it has not
 * moved, so no stale copy is left. Weeks within the reply promise ("due" moves with the clock) are
 * computed every time.
 */
export async function selectWeekFigures(db: Db, weeks: readonly UkWeek[], now: Date): Promise<WeekFigures[]> {
  const f = reportWeekFigures;
  const cutoff = overdueCutoff(now).getTime();
  // Weeks are in order: the keepable ones come first, the ones within the promise last.
  const keepableCount = weeks.filter((week) => week.end.getTime() <= cutoff).length;
  const keepable = weeks.slice(0, keepableCount);
  const [kept, recent] = await Promise.all([
    keepable.length === 0
      ? []
      : db
          .select({ week: f.week, version: f.version, figuresVersion: f.figures_version, figures: f.figures })
          .from(f)
          .where(sql`${f.week} between ${keepable[0]!.key}::date and ${keepable.at(-1)!.key}::date`),
    computeWeekFigures(db, weeks.slice(keepableCount), now),
  ]);
  const byWeek = new Map(kept.map((row) => [row.week, row]));
  const figures: (WeekFigures | null)[] = keepable.map((week) => {
    const row = byWeek.get(week.key);
    return row && row.figures !== null && row.figuresVersion === row.version
      ? (row.figures as WeekFigures)
      : null;
  });
  const first = figures.indexOf(null);
  if (first !== -1) {
    // One contiguous span holds every kept week that has changed (or was never asked for).
    const last = figures.lastIndexOf(null);
    const span = keepable.slice(first, last + 1);
    const computed = await computeWeekFigures(db, span, now);
    const toKeep = span.flatMap((week, index) =>
      figures[first + index] === null
        ? [{ week: week.key, version: byWeek.get(week.key)?.version ?? 0, figures: computed[index]! }]
        : [],
    );
    await db
      .insert(f)
      .values(toKeep.map((row) => ({ ...row, figures_version: row.version })))
      .onConflictDoUpdate({
        target: f.week,
        set: { figures: sql`excluded.figures`, figures_version: sql`excluded.figures_version` },
        // Never over a change since the read: figures that may hold an erased lead's lost reason stay out.
        setWhere: sql`${f.version} = excluded.version`,
      });
    for (const [index, week] of computed.entries()) figures[first + index] ??= week;
  }
  return [...(figures as WeekFigures[]), ...recent];
}
