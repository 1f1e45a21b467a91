import {
  AVAILABILITY_VALUES,
  type Availability,
  EQUIPMENT_CATEGORIES,
  type EquipmentCategory,
  type EquipmentItem,
} from "~/content/equipment";
import type { PhotoView } from "~/lib/catalogue/photo-urls";
import { HIRE_UNITS, type RateCard, rentalPriceText, salePriceText } from "~/lib/catalogue/rate-card";

export const CONDITION_VALUES = ["new", "used"] as const;
type Condition = (typeof CONDITION_VALUES)[number];

/** A published machine as the public pages show it: never its serial number. */
export interface CatalogueItem extends EquipmentItem {
  rateCard: RateCard;
  salePriceUsd: number | null;
  nextAvailableOn: string | null;
  location: string | null;
  condition: Condition | null;
  year: number | null;
  hourMeter: number | null;
  /** In the team's order; none: the page shows `image`, the category's illustration. */
  photos: PhotoView[];
}

/** The columns a public page reads (the serial number is not among them). */
export interface CatalogueRow {
  id: string;
  name: string;
  category: string;
  description: string;
  features: string[];
  specs: EquipmentItem["specs"];
  image: string;
  image_alt: string;
  image_width: number;
  image_height: number;
  availability: string;
  day_rate_usd: number | null;
  week_rate_usd: number | null;
  month_rate_usd: number | null;
  hours_per_day: number | null;
  minimum_hire_count: number;
  minimum_hire_unit: string;
  sale_price_usd: number | null;
  next_available_on: string | null;
  location: string | null;
  condition: string | null;
  year: number | null;
  hour_meter: number | null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function toCatalogueItem(row: CatalogueRow, photos: PhotoView[] = []): CatalogueItem {
  const rateCard: RateCard = {
    dayRateUsd: row.day_rate_usd,
    weekRateUsd: row.week_rate_usd,
    monthRateUsd: row.month_rate_usd,
    hoursPerDay: row.hours_per_day,
    minimumHire: {
      count: row.minimum_hire_count,
      unit: oneOf(HIRE_UNITS, row.minimum_hire_unit) ?? "week",
    },
  };
  return {
    id: row.id,
    name: row.name,
    // The editor admits only the known values; the badge reads anything else as 'Contact Us'.
    category: (oneOf(EQUIPMENT_CATEGORIES, row.category) ?? row.category) as EquipmentCategory,
    availability: (oneOf(AVAILABILITY_VALUES, row.availability) ?? row.availability) as Availability,
    description: row.description,
    features: row.features,
    specs: row.specs,
    image: row.image,
    imageAlt: row.image_alt,
    imageWidth: row.image_width,
    imageHeight: row.image_height,
    rentalPrice: rentalPriceText(rateCard),
    salePrice: salePriceText(row.sale_price_usd),
    rateCard,
    salePriceUsd: row.sale_price_usd,
    nextAvailableOn: row.next_available_on,
    location: row.location,
    condition: oneOf(CONDITION_VALUES, row.condition),
    year: row.year,
    hourMeter: row.hour_meter,
    photos,
  };
}
