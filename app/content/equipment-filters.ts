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

const DEFAULT_EQUIPMENT_FILTERS: Required<EquipmentFilters> = {
  q: "",
  category: "all",
  availability: "all",
};

export const EQUIPMENT_SORTS = ["name", "rental-price", "sale-price"] as const;
export type EquipmentSort = (typeof EQUIPMENT_SORTS)[number];

export const EQUIPMENT_SORT_LABELS: Record<EquipmentSort, string> = {
  name: "Name (A–Z)",
  "rental-price": "Rental price (low to high)",
  "sale-price": "Sale price (low to high)",
};

/**
 * Spec §5: case-insensitive substring match of `q` on name or description;
 * category and availability must match exactly unless 'all'; all combine.
 */
export function filterEquipment<T extends EquipmentItem>(
  items: readonly T[],
  filters: EquipmentFilters = {},
): T[] {
  const { q, category, availability } = {
    ...DEFAULT_EQUIPMENT_FILTERS,
    ...filters,
  };
  const needle = q.toLowerCase();
  return items.filter((item) => {
    const matchesSearch =
      item.name.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle);
    const matchesCategory = category === "all" || item.category === category;
    const matchesAvailability = availability === "all" || item.availability === availability;
    return matchesSearch && matchesCategory && matchesAvailability;
  });
}

function compareNullableAscending(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

function compareByName(a: EquipmentItem, b: EquipmentItem): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

/**
 * Returns a new sorted array. Prices sort low to high; items without a numeric
 * price go last, and ties fall back to name order.
 */
export function sortEquipment<T extends EquipmentItem>(items: readonly T[], sort: EquipmentSort): T[] {
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
