import { equipmentItems, type Availability, type EquipmentItem } from "~/content/equipment";
import { type Interest, isInterest } from "~/content/inquiry-options";
import { EMPTY_CONTACT_VALUES, type ContactValues } from "~/forms/contact";

/**
 * An item that can be rented (rental-only, or available for both) starts as
 * a rental inquiry, the usual first step; a sale-only item as a purchase.
 */
const INTEREST_BY_AVAILABILITY: Record<Availability, Interest> = {
  available: "equipment-rental",
  "rental-only": "equipment-rental",
  "sale-only": "equipment-purchase",
};

/**
 * Initial form values from links into the page: `?equipment=<id>` (the
 * catalogue's Inquire button) and `?interest=<value>` (service pages). An
 * explicit valid interest wins; unknown values are ignored. `items`: the
 * published catalogue the server read (the shipped six when none is given).
 */
export function prefillContactValues(
  searchParams: URLSearchParams,
  items: readonly Pick<EquipmentItem, "id" | "name" | "availability">[] = equipmentItems,
): ContactValues {
  const values = { ...EMPTY_CONTACT_VALUES };
  const item = items.find((candidate) => candidate.id === searchParams.get("equipment"));
  // An availability outside the known set (the badge's 'Contact Us') asks in general terms.
  if (item && !(item.availability in INTEREST_BY_AVAILABILITY)) return values;
  if (item) {
    values.interest = INTEREST_BY_AVAILABILITY[item.availability];
    values.message = `${item.name}\n\n`;
  }
  const interest = searchParams.get("interest");
  if (interest !== null && isInterest(interest)) values.interest = interest;
  return values;
}
