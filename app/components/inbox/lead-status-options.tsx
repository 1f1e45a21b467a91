import { LEAD_STATUS_LABELS, LEAD_STATUS_VALUES } from "~/content/lead-desk";

/** The lead statuses as `<option>`s, for the lead page's and the bulk bar's selects. */
export function LeadStatusOptions() {
  return LEAD_STATUS_VALUES.map((value) => (
    <option key={value} value={value}>
      {LEAD_STATUS_LABELS[value]}
    </option>
  ));
}
