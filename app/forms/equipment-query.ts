import { z } from "zod";
import { AVAILABILITY_VALUES, EQUIPMENT_CATEGORIES } from "~/content/equipment";
import { EQUIPMENT_SORTS, type EquipmentFilters, type EquipmentSort } from "~/content/equipment-filters";

/**
 * The catalogue's GET parameters. A value outside the allowed set (an old or
 * hand-edited link) falls back to showing everything rather than an error page.
 */
export const EquipmentQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.enum(["all", ...EQUIPMENT_CATEGORIES]).catch("all"),
  availability: z.enum(["all", ...AVAILABILITY_VALUES]).catch("all"),
  sort: z.enum(EQUIPMENT_SORTS).optional().catch(undefined),
});

export type EquipmentQuery = Required<EquipmentFilters> & { sort?: EquipmentSort };

export function parseEquipmentQuery(params: URLSearchParams): EquipmentQuery {
  return EquipmentQuerySchema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "all",
    availability: params.get("availability") ?? "all",
    sort: params.get("sort") || undefined,
  });
}

/** The catalogue's page (?page=2): a number out of range shows the first page, never an error. */
export function parseCataloguePage(params: URLSearchParams): number {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .parse(params.get("page") ?? 1);
}
