import { Search, SlidersHorizontal } from "lucide-react";
import { equipmentPage } from "~/content/equipment-page";
import { EQUIPMENT_SORT_LABELS, EQUIPMENT_SORTS } from "~/content/equipment-filters";
import type { EquipmentQuery } from "~/forms/equipment-query";
import { buttonClass } from "./ui/button-link";

const { controls, categoryOptions, availabilityOptions } = equipmentPage;

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600";

/**
 * The catalogue controls: a GET form, so every filtered list is a shareable
 * URL that the server renders, with or without JavaScript.
 */
export function EquipmentFilterForm({ query }: { query: EquipmentQuery }) {
  return (
    <form
      method="get"
      action="/equipment"
      role="search"
      aria-label="Filter equipment"
      data-catalogue-filter=""
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor="equipment-q" className="text-sm font-medium text-stone-800">
            {controls.searchLabel}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-stone-500"
            />
            <input
              id="equipment-q"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={100}
              placeholder={controls.searchPlaceholder}
              className={`${fieldClass} pl-9`}
            />
          </div>
        </div>
        <div>
          <label htmlFor="equipment-category" className="text-sm font-medium text-stone-800">
            {controls.categoryLabel}
          </label>
          <select
            id="equipment-category"
            name="category"
            defaultValue={query.category}
            className={fieldClass}
          >
            {categoryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="equipment-availability" className="text-sm font-medium text-stone-800">
            {controls.availabilityLabel}
          </label>
          <select
            id="equipment-availability"
            name="availability"
            defaultValue={query.availability}
            className={fieldClass}
          >
            {availabilityOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <details open={query.sort !== undefined} className="group">
          <summary className={buttonClass("secondary", "cursor-pointer list-none")}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {controls.moreFilters}
          </summary>
          <div className="mt-3">
            <label htmlFor="equipment-sort" className="text-sm font-medium text-stone-800">
              Sort by
            </label>
            <select id="equipment-sort" name="sort" defaultValue={query.sort ?? ""} className={fieldClass}>
              <option value="">Catalogue order</option>
              {EQUIPMENT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {EQUIPMENT_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </details>
        <button type="submit" className={buttonClass("primary")}>
          Apply Filters
        </button>
      </div>
    </form>
  );
}
