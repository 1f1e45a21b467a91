import { Form, href } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Options, Select, Textarea } from "~/components/ui/input";
import {
  LICENCE_CHECK_RESULTS,
  LICENCE_REGISTERS,
  LICENCE_TYPES,
  type LicenceCheckResult,
  type LicenceRegister,
  type LicenceType,
} from "~/content/licence-checks";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import { LicenceCheckSchema } from "~/forms/licence-checks";

const LICENCE_TYPE_LABELS = Object.fromEntries(
  Object.entries(LICENCE_TYPES).map(([value, type]) => [value, type.label]),
);

interface LicenceCheckItem {
  id: string;
  licenceType: string;
  licenceNumber: string;
  holder: string;
  register: string;
  checkedOn: string;
  checkedBy: string | null;
  result: string;
  expiresOn: string | null;
  notes: string | null;
}

export interface LicenceChecksView {
  checks: LicenceCheckItem[];
  verified: boolean;
  verifiedUntil: string | null;
}

export const LICENCE_FIELDS = [
  "licenceType",
  "licenceNumber",
  "holder",
  "register",
  "checkedOn",
  "result",
  "expiresOn",
  "notes",
] as const;
type LicenceField = (typeof LICENCE_FIELDS)[number];

const constraints = constraintsOf(LicenceCheckSchema);
const typeLabel = (type: string) => LICENCE_TYPES[type as LicenceType]?.label ?? type;
const registerLabel = (register: string) => LICENCE_REGISTERS[register as LicenceRegister] ?? register;
const resultLabel = (result: string) => LICENCE_CHECK_RESULTS[result as LicenceCheckResult] ?? result;

/** The form that records a check: on the lead page, and again with its errors when refused. */
export function LicenceCheckForm({
  inquiryId,
  today,
  values = {},
  errors = {},
}: {
  inquiryId: string;
  today: string;
  values?: Partial<Record<LicenceField, string>>;
  errors?: FieldErrors<LicenceField>;
}) {
  return (
    <Form
      method="post"
      action={href("/dashboard/inquiries/:id/licence-checks", { id: inquiryId })}
      className="grid gap-3 sm:grid-cols-2"
      aria-label="Record a licence check"
    >
      <input type="hidden" name="intent" value="licence-check" />
      <input type="hidden" name="id" value={inquiryId} />
      <Field label="Licence type" name="licenceType" error={errors.licenceType}>
        {(control) => (
          <Select {...control} required defaultValue={values.licenceType ?? ""}>
            <option value="" disabled>
              Choose…
            </option>
            <Options choices={LICENCE_TYPE_LABELS} />
          </Select>
        )}
      </Field>
      <Field label="Register checked" name="register" error={errors.register}>
        {(control) => (
          <Select {...control} required defaultValue={values.register ?? ""}>
            <option value="" disabled>
              Choose…
            </option>
            <Options choices={LICENCE_REGISTERS} />
          </Select>
        )}
      </Field>
      <Field
        label="Licence number"
        name="licenceNumber"
        error={errors.licenceNumber}
        constraint={constraints.licenceNumber}
      >
        {(control) => <Input {...control} defaultValue={values.licenceNumber ?? ""} />}
      </Field>
      <Field label="Holder" name="holder" error={errors.holder} constraint={constraints.holder}>
        {(control) => <Input {...control} defaultValue={values.holder ?? ""} />}
      </Field>
      <Field label="Date checked" name="checkedOn" error={errors.checkedOn}>
        {(control) => (
          <Input {...control} type="date" required max={today} defaultValue={values.checkedOn ?? today} />
        )}
      </Field>
      <Field label="Result" name="result" error={errors.result}>
        {(control) => (
          <Select {...control} required defaultValue={values.result ?? ""}>
            <option value="" disabled>
              Choose…
            </option>
            <Options choices={LICENCE_CHECK_RESULTS} />
          </Select>
        )}
      </Field>
      <Field
        label="Expiry date"
        name="expiresOn"
        error={errors.expiresOn}
        description="As the register gives it; needed for a valid licence."
      >
        {(control) => <Input {...control} type="date" defaultValue={values.expiresOn ?? ""} />}
      </Field>
      <Field
        label="Notes"
        name="notes"
        error={errors.notes}
        constraint={constraints.notes}
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} rows={2} defaultValue={values.notes ?? ""} />}
      </Field>
      <div>
        <Button type="submit">Record check</Button>
      </div>
    </Form>
  );
}

/** The lead's licence checks, newest first, and the form to record another. */
export function LicenceChecksSection({
  inquiryId,
  licences,
  today,
}: {
  inquiryId: string;
  licences: LicenceChecksView;
  today: string;
}) {
  return (
    <DeskSection id="licences-heading" title="Licence checks">
      <p className="text-sm" data-testid="licence-status">
        {licences.verified
          ? `Licence verified: seen valid on the register, until ${licences.verifiedUntil}.`
          : licences.checks.length > 0
            ? "No check shows a valid licence that has not expired."
            : "No licence check recorded yet."}
      </p>
      <ul className="space-y-2">
        {licences.checks.map((check) => (
          <li
            key={check.id}
            className="rounded-lg border border-line-soft p-3 text-sm"
            data-testid="licence-check"
          >
            <p>
              <span className="font-semibold">{typeLabel(check.licenceType)}</span> {check.licenceNumber},
              held by {check.holder}: <span className="font-semibold">{resultLabel(check.result)}</span>
              {check.expiresOn ? `, expires ${check.expiresOn}` : ""}.
            </p>
            <p className="text-ink-muted">
              Checked with {registerLabel(check.register)} on {check.checkedOn} by{" "}
              {check.checkedBy ?? "a former admin"}.
            </p>
            {check.notes ? <p className="whitespace-pre-line">{check.notes}</p> : null}
          </li>
        ))}
      </ul>
      <LicenceCheckForm inquiryId={inquiryId} today={today} />
    </DeskSection>
  );
}

/** In the lead page's header: only while a valid check's licence has not expired. */
export function LicenceBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span data-testid="licence-badge">
      <Badge tone="green">Licence verified</Badge>
    </span>
  );
}
