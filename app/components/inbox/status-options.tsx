import { INQUIRY_STATUS_LABELS, INQUIRY_STATUS_VALUES } from "~/content/inquiry-desk";

/** The inquiry statuses as `<option>`s, for the inquiry page's and the bulk bar's selects. */
export function StatusOptions() {
  return INQUIRY_STATUS_VALUES.map((value) => (
    <option key={value} value={value}>
      {INQUIRY_STATUS_LABELS[value]}
    </option>
  ));
}

export function AdminOptions({ admins }: { admins: { id: string; name: string }[] }) {
  return admins.map((admin) => (
    <option key={admin.id} value={admin.id}>
      {admin.name}
    </option>
  ));
}
