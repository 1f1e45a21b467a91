import { z } from "zod";
import type { FieldErrors } from "~/forms/parse-form";

/** The reports page's ranges: the last 4, 12 or 52 UK weeks (the current one included), or chosen dates. */
export const REPORT_RANGE_VALUES = ["4", "12", "52", "custom"] as const;
export type ReportRangeKind = (typeof REPORT_RANGE_VALUES)[number];
export const DEFAULT_REPORT_RANGE: ReportRangeKind = "12";

export const REPORT_RANGE_LABELS: Record<ReportRangeKind, string> = {
  "4": "Last 4 weeks",
  "12": "Last 12 weeks",
  "52": "Last 52 weeks",
  custom: "Custom dates",
};

/** A custom range covers at most two years of weeks: enough to compare a year with the last. */
const REPORT_MAX_WEEKS = 105;

/**
 * The dates a custom range may use. Beyond them a week's end is no date the
 * database takes (a range in the year 9999 ends in 10000): an error to show,
 * never a failed page.
 */
const REPORT_DATE_BOUNDS = { first: "2000-01-01", last: "2099-12-31" } as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, "Enter a real date.")
  .refine(
    (value) => value >= REPORT_DATE_BOUNDS.first && value <= REPORT_DATE_BOUNDS.last,
    `Enter a date from ${REPORT_DATE_BOUNDS.first} to ${REPORT_DATE_BOUNDS.last}.`,
  );

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The range in the URL (`?range=12`, or `?range=custom&from=2026-01-05&to=2026-03-29`).
 * Unlike the inbox's filters, a bad range is an error the page shows, not a
 * silent fallback: the figures must never answer a question other than the one asked.
 */
export const ReportRangeSchema = z
  .object({
    range: z.preprocess(
      blankToUndefined,
      z.enum(REPORT_RANGE_VALUES, { error: "Choose 4, 12 or 52 weeks, or custom dates." }).optional(),
    ),
    from: z.preprocess(blankToUndefined, isoDate.optional()),
    to: z.preprocess(blankToUndefined, isoDate.optional()),
  })
  .superRefine((value, ctx) => {
    if (value.range !== "custom") return;
    if (!value.from) ctx.addIssue({ code: "custom", path: ["from"], message: "Enter the first date." });
    if (!value.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Enter the last date." });
    if (!value.from || !value.to) return;
    if (value.from > value.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last date must be on or after the first." });
      return;
    }
    const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
    if (days > REPORT_MAX_WEEKS * 7) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Choose at most ${REPORT_MAX_WEEKS} weeks.`,
      });
    }
  });

export type ReportRangeInput = z.output<typeof ReportRangeSchema>;

/** A range the page cannot show: the errors and the values as asked, for the form to show again. */
export interface ReportRangeErrors {
  fieldErrors: FieldErrors<"range" | "from" | "to">;
  values: { range: string; from: string; to: string };
}
