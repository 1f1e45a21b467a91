import { LEAD_STATUS_LABELS, LEAD_STATUS_VALUES } from "~/content/lead-desk";

/** The inquiry statuses as `<option>`s, for the inquiry page's and the bulk bar's selects. */
export function StatusOptions() {
  return LEAD_STATUS_VALUES.map((value) => (
    <option key={value} value={value}>
      {LEAD_STATUS_LABELS[value]}
    </option>
  ));
}
