import {
  getRentalPricePerDay,
  getSalePriceAmount,
  type Availability,
  type EquipmentCategory,
  type EquipmentItem,
} from "./equipment";

type CategoryFilter = EquipmentCategory | "all";
type AvailabilityFilter = Availability | "all";

export interface EquipmentFilters {
  q?: string;
  category?: CategoryFilter;
  availability?: AvailabilityFilter;
}

export const EQUIPMENT_SORTS = ["name", "rental-price", "sale-price"] as const;
export type EquipmentSort = (typeof EQUIPMENT_SORTS)[number];

export const EQUIPMENT_SORT_LABELS: Record<EquipmentSort, string> = {
  name: "Name (A–Z)",
  "rental-price": "Rental price (low to high)",
  "sale-price": "Sale price (low to high)",
};

function compareNullableAscending(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

type Sortable = Pick<EquipmentItem, "name" | "rentalPrice" | "salePrice">;

function compareByName(a: Sortable, b: Sortable): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

/**
 * Returns a new sorted array. Prices sort low to high; items without a numeric
 * price go last, and ties fall back to name order.
 */
export function sortEquipment<T extends Sortable>(items: readonly T[], sort: EquipmentSort): T[] {
  const sorted = [...items];
  switch (sort) {
    case "name":
      return sorted.sort(compareByName);
    case "rental-price":
      return sorted.sort(
        (a, b) =>
          compareNullableAscending(getRentalPricePerDay(a), getRentalPricePerDay(b)) || compareByName(a, b),
      );
    case "sale-price":
      return sorted.sort(
        (a, b) =>
          compareNullableAscending(getSalePriceAmount(a), getSalePriceAmount(b)) || compareByName(a, b),
      );
  }
}
