/**
 * A larger catalogue for the benchmarks: copies of the shipped machines
 * (app/content/equipment.ts), published after the six the migration seeds.
 */
import { equipmentItems } from "../schema";
import {
  equipmentItems as shippedItems,
  getRentalPricePerDay,
  getSalePriceAmount,
} from "~/content/equipment";
import type { Db } from "~/lib/db/db.server";

type NewCatalogueItem = typeof equipmentItems.$inferInsert;

/** `count` published items numbered after the shipped six, cycling through them. */
export function demoCatalogueItems(count: number): NewCatalogueItem[] {
  return Array.from({ length: count }, (_, index) => {
    const item = shippedItems[index % shippedItems.length]!;
    const number = index + 1;
    return {
      id: `${item.id}-${number}`,
      name: `${item.name} #${number}`,
      category: item.category,
      description: item.description,
      features: [...item.features],
      specs: [...item.specs],
      image: item.image,
      image_alt: item.imageAlt,
      image_width: item.imageWidth,
      image_height: item.imageHeight,
      availability: item.availability,
      day_rate_usd: getRentalPricePerDay(item),
      minimum_hire_count: 1,
      minimum_hire_unit: item.category === "wash-plants" ? "month" : "week",
      sale_price_usd: getSalePriceAmount(item),
      status: "published",
      position: shippedItems.length + number,
    };
  });
}

export async function insertCatalogueItems(db: Db, rows: NewCatalogueItem[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(equipmentItems).values(rows.slice(start, start + 100));
  }
}
