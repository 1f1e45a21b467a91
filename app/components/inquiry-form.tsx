import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Options, Select, Textarea } from "~/components/ui/input";
import { contactPage } from "~/content/contact";
import { dealSizeOptions, interestOptions } from "~/content/inquiry-options";
import {
  CONTACT_FIELDS,
  type ContactField,
  ContactFormSchema,
  type ContactValues,
  PHONE_PATTERN,
} from "~/forms/contact";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import { VISIT_SOURCE_FIELDS, type VisitSource } from "~/forms/visit-source";

const { labels, placeholders } = contactPage.form;

// Must match app/lib/http/form-guard.server.ts (which this client module cannot import).
const HONEYPOT_FIELD = "company_website";
const FORM_TOKEN_FIELD = "form_token";

const LABELS: Record<ContactField, string> = {
  name: labels.name,
  company: labels.company,
  email: labels.email,
  phone: labels.phone,
  whatsapp: labels.whatsapp,
  // The content carries the spec's asterisk; it is drawn like the others'.
  interest: labels.interest.replace(/\s*\*$/, ""),
  deal_size: labels.dealSize,
  message: labels.message,
};

const LIMITS = constraintsOf(ContactFormSchema);

const phone = { type: "tel", pattern: PHONE_PATTERN } as const;
const INPUTS = [
  ["name", { autoComplete: "name" }],
  ["company", { autoComplete: "organization" }],
  ["email", { autoComplete: "email" }],
  ["phone", { ...phone, autoComplete: "tel" }],
  ["whatsapp", { ...phone, autoComplete: "off" }],
] as const satisfies [ContactField, object][];
const SELECTS = [
  ["interest", interestOptions, placeholders.interest],
  ["deal_size", dealSizeOptions, placeholders.dealSize],
] as const;

function fieldId(field: ContactField): string {
  return `contact-${field.replace("_", "-")}`;
}

type ContactFieldErrors = FieldErrors<ContactField>;

const { privacyLink } = contactPage.form;
/** The error summary's id, and the fragment the form posts to. */
const ERROR_SUMMARY_ID = "contact-errors";

/** A field of the inquiry form: its label, limits, id and error come from the field's name. */
function ContactFormField({
  field,
  error,
  className,
  children,
}: {
  field: ContactField;
  error?: string;
  className?: string;
  children: Parameters<typeof Field>[0]["children"];
}) {
  return (
    <Field
      label={LABELS[field]}
      name={field}
      id={fieldId(field)}
      constraint={LIMITS[field]}
      error={error}
      markRequired
      className={className}
    >
      {children}
    </Field>
  );
}

function ErrorSummary({ fieldErrors, formError }: { fieldErrors: ContactFieldErrors; formError?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const fields = CONTACT_FIELDS.filter((field) => fieldErrors[field]);
  const hasErrors = fields.length > 0 || Boolean(formError);
  // With JavaScript the page does not reload: bring the summary into view and focus.
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, fieldErrors, formError]);
  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      id={ERROR_SUMMARY_ID}
      tabIndex={-1}
      role="alert"
      aria-labelledby="contact-error-summary-title"
      className="mb-6 rounded-md border-2 border-danger bg-danger-wash p-4 text-ink focus:outline-2 focus:outline-offset-2 focus:outline-danger"
    >
      <h3
        id="contact-error-summary-title"
        className="flex items-center gap-2 font-semibold text-danger-strong"
      >
        <CircleAlert aria-hidden="true" className="size-5" />
        {fields.length > 0 ? "Please correct the following:" : "Your inquiry was not sent"}
      </h3>
      {formError ? <p className="mt-2">{formError}</p> : null}
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {fields.map((field) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`} className="text-danger-strong underline">
                {LABELS[field]}: {fieldErrors[field]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The hidden fields every inquiry form posts to the one intake: its token, where the visit began, the honeypot. */
export function InquiryGuardFields({ formToken, visit }: { formToken: string; visit: VisitSource }) {
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      {/* Where the visit began, as the server guesses it from this page's request (decision 053). */}
      <div id="visit-source" hidden>
        {VISIT_SOURCE_FIELDS.map((field) => (
          <input key={field} type="hidden" name={field} defaultValue={visit[field] ?? ""} />
        ))}
      </div>
      <div hidden>
        <label htmlFor="contact-company-website">Leave this field empty</label>
        <input
          id="contact-company-website"
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </>
  );
}

interface InquiryFormProps {
  values: ContactValues;
  fieldErrors: ContactFieldErrors;
  formError?: string;
  formToken: string;
  visit: VisitSource;
}

/**
 * The inquiry form. A plain POST without JavaScript; where the page is
 * hydrated, <Form> submits it without a reload. Uncontrolled fields: the
 * server's values are the defaults, and a remount (new key) clears them.
 */
export function InquiryForm({ values, fieldErrors, formError, formToken, visit }: InquiryFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";

  return (
    // Without JavaScript, the answer to a refused inquiry opens at the summary: the fragment
    // scrolls to it and starts keyboard focus there (a sent one's redirect names its own).
    <Form
      method="post"
      action={`/contact#${ERROR_SUMMARY_ID}`}
      aria-labelledby="inquiry-heading"
      className="mt-6"
    >
      <ErrorSummary fieldErrors={fieldErrors} formError={formError} />
      <InquiryGuardFields formToken={formToken} visit={visit} />
      <div className="grid gap-5 sm:grid-cols-2">
        {INPUTS.map(([field, extra]) => (
          <ContactFormField key={field} field={field} error={fieldErrors[field]}>
            {(props) => (
              <Input {...props} {...extra} placeholder={placeholders[field]} defaultValue={values[field]} />
            )}
          </ContactFormField>
        ))}
        {SELECTS.map(([field, options, placeholder]) => (
          <ContactFormField
            key={field}
            field={field}
            error={fieldErrors[field]}
            className={field === "deal_size" ? "sm:col-span-2" : undefined}
          >
            {(props) => (
              <Select {...props} defaultValue={values[field]}>
                <option value="">{placeholder}</option>
                <Options choices={options} />
              </Select>
            )}
          </ContactFormField>
        ))}
        <p className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            id="contact-whatsapp-opt-in"
            name="whatsapp_opt_in"
            value="yes"
            className="mt-1 size-4"
          />
          <label htmlFor="contact-whatsapp-opt-in">{contactPage.form.whatsappOptIn}</label>
        </p>
        <ContactFormField field="message" error={fieldErrors.message} className="sm:col-span-2">
          {(props) => (
            <Textarea {...props} rows={6} placeholder={placeholders.message} defaultValue={values.message} />
          )}
        </ContactFormField>
      </div>
      <p className="mt-5 text-sm text-ink-muted">
        {contactPage.form.privacyNote} {privacyLink.before}{" "}
        <Link to={privacyLink.href} className="underline underline-offset-2">
          {privacyLink.label}
        </Link>{" "}
        {privacyLink.after}
      </p>
      <Button type="submit" disabled={busy} className="mt-5 w-full sm:w-auto">
        {busy ? contactPage.form.submittingLabel : contactPage.form.submitLabel}
      </Button>
    </Form>
  );
}
