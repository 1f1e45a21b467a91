import { CircleAlert } from "lucide-react";
import { InquiryGuardFields } from "~/components/inquiry-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { contactPage } from "~/content/contact";
import { equipmentRequestForm } from "~/content/equipment-item-page";
import {
  EQUIPMENT_REQUEST_FIELDS,
  type EquipmentRequestField,
  type EquipmentRequestValues,
  equipmentRequestSchema,
  KINDS_BY_AVAILABILITY,
  type RequestedMachine,
} from "~/forms/equipment-request";
import { PHONE_PATTERN } from "~/forms/contact";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import type { VisitSource } from "~/forms/visit-source";

const { labels } = equipmentRequestForm;
const { privacyLink } = contactPage.form;
// The limits are the same for every machine; the dates' rules are the server's.
const LIMITS = constraintsOf(
  equipmentRequestSchema(
    { name: "", availability: "available", rateCard: { minimumHire: { count: 1, unit: "day" } } },
    "",
  ),
);
const ERROR_SUMMARY_ID = "request-errors";

const fieldId = (field: EquipmentRequestField) => `request-${field.replace("_", "-")}`;

const phone = { type: "tel", pattern: PHONE_PATTERN } as const;
const CONTACT_INPUTS = [
  ["name", { autoComplete: "name" }],
  ["company", { autoComplete: "organization" }],
  ["email", { type: "email", autoComplete: "email" }],
  ["phone", { ...phone, autoComplete: "tel" }],
  ["whatsapp", { ...phone, autoComplete: "off" }],
] as const satisfies [EquipmentRequestField, object][];

interface EquipmentRequestFormProps {
  itemId: string;
  machine: RequestedMachine;
  values: EquipmentRequestValues;
  fieldErrors: FieldErrors<EquipmentRequestField>;
  formError?: string;
  formToken: string;
  visit: VisitSource;
  /** The earliest start date the server accepts. */
  today: string;
}

/** The item page's request: a plain POST to the page, read by the contact form's intake. */
export function EquipmentRequestForm(props: EquipmentRequestFormProps) {
  const { itemId, machine, values, fieldErrors, formError, formToken, visit, today } = props;
  const kinds = KINDS_BY_AVAILABILITY[machine.availability];
  const errorFields = EQUIPMENT_REQUEST_FIELDS.filter((field) => fieldErrors[field]);
  const field = (
    name: EquipmentRequestField,
    control: Parameters<typeof Field>[0]["children"],
    wide = false,
  ) => (
    <Field
      key={name}
      label={labels[name]}
      name={name}
      id={fieldId(name)}
      constraint={LIMITS[name]}
      error={fieldErrors[name]}
      markRequired
      className={wide ? "sm:col-span-2" : undefined}
    >
      {control}
    </Field>
  );
  return (
    <form method="post" action={`/equipment/${itemId}#${ERROR_SUMMARY_ID}`} aria-labelledby="request-heading">
      {errorFields.length > 0 || formError ? (
        <div
          id={ERROR_SUMMARY_ID}
          tabIndex={-1}
          role="alert"
          className="mb-6 rounded-md border-2 border-danger bg-danger-wash p-4 text-ink"
        >
          <p className="flex items-center gap-2 font-semibold text-danger-strong">
            <CircleAlert aria-hidden="true" className="size-5" />
            {errorFields.length > 0 ? "Please correct the following:" : "Your request was not sent"}
          </p>
          {formError ? <p className="mt-2">{formError}</p> : null}
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {errorFields.map((name) => (
              <li key={name}>
                <a href={`#${fieldId(name)}`} className="text-danger-strong underline">
                  {labels[name]}: {fieldErrors[name]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <InquiryGuardFields formToken={formToken} visit={visit} />
      <div className="grid gap-5 sm:grid-cols-2">
        {field(
          "kind",
          (control) => (
            <Select {...control} required defaultValue={values.kind || kinds[0]}>
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {equipmentRequestForm.kinds[kind]}
                </option>
              ))}
            </Select>
          ),
          true,
        )}
        {kinds.includes("rent") ? (
          <>
            {field("start_on", (control) => (
              <Input {...control} type="date" min={today} defaultValue={values.start_on} />
            ))}
            {field("end_on", (control) => (
              <Input {...control} type="date" min={today} defaultValue={values.end_on} />
            ))}
          </>
        ) : null}
        {field(
          "site_location",
          (control) => (
            <Input {...control} defaultValue={values.site_location} />
          ),
          true,
        )}
        {CONTACT_INPUTS.map(([name, extra]) =>
          field(name, (control) => <Input {...control} {...extra} defaultValue={values[name]} />),
        )}
        {field(
          "notes",
          (control) => (
            <Textarea {...control} rows={4} defaultValue={values.notes} />
          ),
          true,
        )}
      </div>
      <p className="mt-5 text-sm text-ink-muted">
        {contactPage.form.privacyNote} {privacyLink.before}{" "}
        <a href={privacyLink.href} className="underline underline-offset-2">
          {privacyLink.label}
        </a>{" "}
        {privacyLink.after}
      </p>
      <Button type="submit" className="mt-5 w-full sm:w-auto">
        {equipmentRequestForm.submit}
      </Button>
    </form>
  );
}
