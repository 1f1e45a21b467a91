import {
  DEFAULT_REPORT_RANGE,
  type ReportRangeInput,
  type ReportRangeErrors,
  type ReportRangeKind,
  ReportRangeSchema,
} from "~/forms/reports";
import { parseForm } from "~/forms/parse-form";
import { lastUkWeeks, londonDate, londonDateStart, type UkWeek, ukWeeksBetween } from "~/lib/uk-time";

export interface ResolvedRange {
  kind: ReportRangeKind;
  /** The custom dates as asked (or the range's first and last day), for the form. */
  from: string;
  to: string;
  weeks: UkWeek[];
}

type RangeResult = { ok: true; range: ResolvedRange } | ({ ok: false } & ReportRangeErrors);

/** The weeks a validated range covers: whole UK weeks, the current one included. */
function resolveRange(input: ReportRangeInput, now: Date): ResolvedRange {
  const kind = input.range ?? DEFAULT_REPORT_RANGE;
  const weeks =
    kind === "custom"
      ? ukWeeksBetween(londonDateStart(input.from!), londonDateStart(input.to!))
      : lastUkWeeks(now, Number(kind));
  const lastDay = new Date(weeks.at(-1)!.end.getTime() - 1);
  return {
    kind,
    from: kind === "custom" ? input.from! : londonDate(weeks[0]!.start),
    to: kind === "custom" ? input.to! : londonDate(lastDay),
    weeks,
  };
}

/** The range in a URL's query, validated; a bad range is an error to show, never another range. */
export function parseReportRange(params: URLSearchParams, now: Date): RangeResult {
  const parsed = parseForm(ReportRangeSchema, params);
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors, values: parsed.values };
  return { ok: true, range: resolveRange(parsed.data, now) };
}

/** The query string of a range, for links (CSV downloads) that must ask for the same weeks. */
export function rangeQuery(range: ResolvedRange): string {
  const params = new URLSearchParams({ range: range.kind });
  if (range.kind === "custom") {
    params.set("from", range.from);
    params.set("to", range.to);
  }
  return params.toString();
}
