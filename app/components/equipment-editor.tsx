import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { DeskEditorFrame } from "~/components/desk-editor-frame";
import { DeskSection } from "~/components/desk-page";
import { Button } from "~/components/ui/button";
import { SchemaField } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { catalogueEditor } from "~/content/catalogue-editor";
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_VALUES,
  CATEGORY_LABELS,
  EQUIPMENT_CATEGORIES,
} from "~/content/equipment";
import { EquipmentItemSchema } from "~/forms/equipment-item";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import { HIRE_UNITS } from "~/lib/catalogue/rate-card";

const { labels } = catalogueEditor;
const limits = constraintsOf(EquipmentItemSchema);
export type EditorField = keyof typeof limits;
export type EditorValues = Record<EditorField, string>;

/** A new machine's form: blank but for the usual choices. */
export const NEW_ITEM_VALUES = {
  ...Object.fromEntries(Object.keys(limits).map((name) => [name, ""])),
  category: "excavators",
  availability: "available",
  minimum_hire_count: "1",
  minimum_hire_unit: "week",
} as EditorValues;

const TEXT_FIELDS = [
  ["day_rate_usd", "numeric"],
  ["week_rate_usd", "numeric"],
  ["month_rate_usd", "numeric"],
  ["hours_per_day", "numeric"],
  ["minimum_hire_count", "numeric"],
] as const;
const DETAIL_FIELDS = [
  ["sale_price_usd", "numeric"],
  ["location", "text"],
  ["year", "numeric"],
  ["hour_meter", "numeric"],
  ["serial_number", "text"],
] as const;

/** An item's editor form, new or existing; on an error it shows what was posted, with each field's message. */
export function EquipmentEditorForm({
  values,
  errors,
  submitLabel,
}: {
  values: EditorValues;
  errors: FieldErrors;
  submitLabel: string;
}) {
  const form = { errors, limits };
  const field = (name: EditorField, control: Parameters<typeof SchemaField>[0]["children"]) => (
    <SchemaField key={name} form={form} label={labels[name]} name={name}>
      {control}
    </SchemaField>
  );
  const choice = (name: EditorField, options: readonly (readonly [string, string])[]) =>
    field(name, (control) => (
      <Select {...control} defaultValue={values[name]}>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    ));
  const text = ([name, mode]: readonly [EditorField, "numeric" | "text"]) =>
    field(name, (control) => <Input {...control} inputMode={mode} defaultValue={values[name]} />);
  return (
    <Form method="post" className="space-y-6" aria-label="Machine">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("name", (control) => (
          <Input {...control} defaultValue={values.name} />
        ))}
        {choice(
          "category",
          EQUIPMENT_CATEGORIES.map((value) => [value, CATEGORY_LABELS[value]] as const),
        )}
      </div>
      {field("description", (control) => (
        <Textarea {...control} rows={4} defaultValue={values.description} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("features", (control) => (
          <Textarea {...control} rows={6} defaultValue={values.features} />
        ))}
        {field("specs", (control) => (
          <Textarea {...control} rows={6} defaultValue={values.specs} />
        ))}
      </div>
      {field("image_alt", (control) => (
        <Input {...control} defaultValue={values.image_alt} />
      ))}
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">Rate card and availability</legend>
        {choice(
          "availability",
          AVAILABILITY_VALUES.map((value) => [value, AVAILABILITY_LABELS[value]] as const),
        )}
        {TEXT_FIELDS.map(text)}
        {choice(
          "minimum_hire_unit",
          HIRE_UNITS.map((unit) => [unit, catalogueEditor.units[unit]] as const),
        )}
        {field("next_available_on", (control) => (
          <Input {...control} type="date" defaultValue={values.next_available_on} />
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">Sale and condition</legend>
        {choice("condition", Object.entries(catalogueEditor.conditions))}
        {DETAIL_FIELDS.map(text)}
      </fieldset>
      <Button type="submit" name="intent" value="save">
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The editor's page: the desk's editor frame, back to the catalogue. */
export function EquipmentEditorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DeskEditorFrame
      back={{ to: href("/dashboard/equipment"), label: "Back to the catalogue" }}
      title={title}
      wide
    >
      {children}
    </DeskEditorFrame>
  );
}

/** Entries that are not a field of the form. */
const HISTORY_FIELDS: Partial<Record<string, string>> = { created: "Created", photos: "Photo" };

export interface HistoryEntry {
  id: string;
  field: string;
  from: string | null;
  to: string | null;
  by: string | null;
  at: string;
}

/** Which field changed, from what, to what, by whom and when. */
export function EquipmentHistory({ entries }: { entries: readonly HistoryEntry[] }) {
  const label = (name: string) => (name in labels ? labels[name as keyof typeof labels] : name);
  return (
    <DeskSection id="history-heading" title="History">
      {entries.length === 0 ? (
        <p className="text-sm">No changes yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Changes to this machine, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Who</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line-soft">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="py-2 pr-3">{HISTORY_FIELDS[entry.field] ?? label(entry.field)}</td>
                <td className="py-2 pr-3 whitespace-pre-line">{entry.from ?? "—"}</td>
                <td className="py-2 pr-3 whitespace-pre-line">{entry.to ?? "—"}</td>
                <td className="py-2 pr-3">{entry.by ?? "A former admin"}</td>
                <td className="py-2">
                  <time dateTime={entry.at}>{entry.at.slice(0, 16).replace("T", " ")} UTC</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DeskSection>
  );
}
