import { Search, SlidersHorizontal } from "lucide-react";
import { equipmentPage } from "~/content/equipment-page";
import { EQUIPMENT_SORT_LABELS, EQUIPMENT_SORTS } from "~/content/equipment-filters";
import { type EquipmentQuery, EquipmentQuerySchema } from "~/forms/equipment-query";
import { constraintsOf } from "~/forms/parse-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";

const { controls, categoryOptions, availabilityOptions } = equipmentPage;
const LIMITS = constraintsOf(EquipmentQuerySchema);

/**
 * The catalogue controls: a GET form, so every filtered list is a shareable
 * URL that the server renders, with or without JavaScript. The ids, names and
 * `data-catalogue-filter` are what app/browser/catalogue-filter.js reads.
 */
export function EquipmentFilterForm({ query }: { query: EquipmentQuery }) {
  return (
    <form
      method="get"
      action="/equipment"
      role="search"
      aria-label="Filter equipment"
      data-catalogue-filter=""
      className="rounded-xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <Field label={controls.searchLabel} name="q" id="equipment-q" constraint={LIMITS.q}>
          {(control) => (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint"
              />
              <Input
                {...control}
                type="search"
                defaultValue={query.q}
                placeholder={controls.searchPlaceholder}
                className="pl-9"
              />
            </div>
          )}
        </Field>
        <SelectField
          label={controls.categoryLabel}
          name="category"
          value={query.category}
          options={categoryOptions}
        />
        <SelectField
          label={controls.availabilityLabel}
          name="availability"
          value={query.availability}
          options={availabilityOptions}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <details open={query.sort !== undefined} className="group">
          <summary className={cn(buttonVariants({ variant: "secondary" }), "cursor-pointer list-none")}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {controls.moreFilters}
          </summary>
          <Field label="Sort by" name="sort" id="equipment-sort" constraint={LIMITS.sort} className="mt-3">
            {(control) => (
              <Select {...control} defaultValue={query.sort ?? ""}>
                <option value="">Catalogue order</option>
                {EQUIPMENT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {EQUIPMENT_SORT_LABELS[sort]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </details>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}

function SelectField({
  name,
  value,
  options,
  ...props
}: {
  label: string;
  name: "category" | "availability";
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field {...props} name={name} id={`equipment-${name}`} constraint={LIMITS[name]}>
      {(control) => (
        <Select {...control} defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
