import { href } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DEFAULT_REPORT_RANGE,
  REPORT_RANGE_LABELS,
  REPORT_RANGE_VALUES,
  type ReportRangeErrors,
} from "~/forms/reports";

/**
 * The range as a GET form: the URL holds it (a bookmark or a shared link
 * shows the same weeks), and it works without JavaScript.
 */
export function RangeForm({ values, fieldErrors }: ReportRangeErrors) {
  const errors = Object.values(fieldErrors).filter(Boolean);
  const checked = values.range === "" ? DEFAULT_REPORT_RANGE : values.range;
  return (
    <form
      method="get"
      action={href("/dashboard/reports")}
      className="mt-6 rounded-xl border border-line bg-surface p-4"
    >
      {errors.length > 0 ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-danger-line bg-danger-wash p-3 text-danger-strong"
        >
          <p className="font-semibold">This range cannot be shown.</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset>
        <legend className="font-semibold text-ink">Weeks</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {REPORT_RANGE_VALUES.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-ink">
              <input
                type="radio"
                name="range"
                value={value}
                defaultChecked={checked === value}
                className="size-4"
              />
              {REPORT_RANGE_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        {(["from", "to"] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`range-${name}`} className="text-sm font-medium text-ink">
              {name === "from" ? "From (custom)" : "To (custom)"}
            </label>
            <input
              id={`range-${name}`}
              type="date"
              name={name}
              defaultValue={values[name]}
              aria-invalid={fieldErrors[name] ? true : undefined}
              aria-describedby={fieldErrors[name] ? `range-${name}-error` : undefined}
              className="min-h-11 rounded-md border border-line-strong bg-surface px-3 text-ink"
            />
            {fieldErrors[name] ? (
              <p id={`range-${name}-error`} className="text-sm text-danger">
                {fieldErrors[name]}
              </p>
            ) : null}
          </div>
        ))}
        <Button type="submit">Show</Button>
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        Weeks run Monday to Sunday, UK time; the current week is included.
      </p>
    </form>
  );
}
