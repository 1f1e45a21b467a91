import { CircleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "./ui/button-link";
import { contactPage } from "~/content/contact";
import { dealSizeOptions, interestOptions } from "~/content/inquiry-options";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
  PHONE_PATTERN,
} from "~/forms/contact";

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

const REQUIRED = new Set<ContactField>(["name", "email", "interest", "message"]);

export function fieldId(field: ContactField): string {
  return `contact-${field.replace("_", "-")}`;
}

const controlClass = (invalid: boolean) =>
  `mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-amber-600 focus:ring-2 focus:ring-amber-600/30 focus:outline-none ${
    invalid ? "border-red-700" : "border-stone-400"
  }`;

function Field({
  field,
  error,
  children,
}: {
  field: ContactField;
  error?: string;
  children: (props: {
    id: string;
    name: ContactField;
    required: boolean;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const id = fieldId(field);
  const errorId = `${id}-error`;
  const required = REQUIRED.has(field);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {LABELS[field]}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            {" *"}
          </span>
        ) : null}
      </label>
      {children({
        id,
        name: field,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: controlClass(Boolean(error)),
      })}
      {error ? (
        <p id={errorId} className="mt-1 flex items-start gap-1 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
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
      tabIndex={-1}
      role="alert"
      aria-labelledby="contact-error-summary-title"
      className="mb-6 rounded-md border-2 border-red-700 bg-red-50 p-4 text-stone-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <h3 id="contact-error-summary-title" className="flex items-center gap-2 font-semibold text-red-800">
        <CircleAlert aria-hidden="true" className="size-5" />
        {fields.length > 0 ? "Please correct the following:" : "Your inquiry was not sent"}
      </h3>
      {formError ? <p className="mt-2">{formError}</p> : null}
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {fields.map((field) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`} className="text-red-800 underline">
                {LABELS[field]}: {fieldErrors[field]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface InquiryFormProps {
  values: ContactValues;
  fieldErrors: ContactFieldErrors;
  formError?: string;
  formToken: string;
}

/**
 * The inquiry form. A plain POST without JavaScript; where the page is
 * hydrated, <Form> submits it without a reload. Uncontrolled fields: the
 * server's values are the defaults, and a remount (new key) clears them.
 */
export function InquiryForm({ values, fieldErrors, formError, formToken }: InquiryFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";

  return (
    <Form method="post" action="/contact" aria-labelledby="inquiry-heading" className="mt-6">
      <ErrorSummary fieldErrors={fieldErrors} formError={formError} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
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
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" error={fieldErrors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              placeholder={placeholders.name}
              defaultValue={values.name}
            />
          )}
        </Field>
        <Field field="company" error={fieldErrors.company}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.company}
              placeholder={placeholders.company}
              defaultValue={values.company}
            />
          )}
        </Field>
        <Field field="email" error={fieldErrors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              placeholder={placeholders.email}
              defaultValue={values.email}
            />
          )}
        </Field>
        <Field field="phone" error={fieldErrors.phone}>
          {(props) => (
            <input
              {...props}
              type="tel"
              autoComplete="tel"
              maxLength={CONTACT_LIMITS.phone}
              pattern={PHONE_PATTERN}
              placeholder={placeholders.phone}
              defaultValue={values.phone}
            />
          )}
        </Field>
        <Field field="whatsapp" error={fieldErrors.whatsapp}>
          {(props) => (
            <input
              {...props}
              type="tel"
              autoComplete="off"
              maxLength={CONTACT_LIMITS.whatsapp}
              pattern={PHONE_PATTERN}
              placeholder={placeholders.whatsapp}
              defaultValue={values.whatsapp}
            />
          )}
        </Field>
        <Field field="interest" error={fieldErrors.interest}>
          {(props) => (
            <select {...props} defaultValue={values.interest}>
              <option value="">{placeholders.interest}</option>
              {interestOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field field="deal_size" error={fieldErrors.deal_size}>
            {(props) => (
              <select {...props} defaultValue={values.deal_size}>
                <option value="">{placeholders.dealSize}</option>
                {dealSizeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field field="message" error={fieldErrors.message}>
            {(props) => (
              <textarea
                {...props}
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                placeholder={placeholders.message}
                defaultValue={values.message}
              />
            )}
          </Field>
        </div>
      </div>
      <p className="mt-5 text-sm text-stone-700">{contactPage.form.privacyNote}</p>
      <button
        type="submit"
        disabled={busy}
        className={buttonClass(
          "primary",
          "mt-5 w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto",
        )}
      >
        {busy ? contactPage.form.submittingLabel : contactPage.form.submitLabel}
      </button>
    </Form>
  );
}
