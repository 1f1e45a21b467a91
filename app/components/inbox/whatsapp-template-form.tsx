import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import { WhatsAppTemplateSchema } from "~/forms/whatsapp";

const limits = constraintsOf(WhatsAppTemplateSchema);

export interface WhatsAppTemplateValues {
  name: string;
  language: string;
  body: string;
  /** One label a line, as the form posts them. */
  parameters: string;
}

/** A WhatsApp template's page, new or existing, laid out as the reply templates' editor. */
export function WhatsAppTemplateEditorPage({
  title,
  children,
  values,
  errors,
  submitLabel,
}: {
  title: string;
  children?: ReactNode;
  values: WhatsAppTemplateValues;
  errors: FieldErrors;
  submitLabel: string;
}) {
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <p>
        <Link
          to={href("/dashboard/templates")}
          className="text-sm font-semibold text-accent-strong underline"
        >
          Back to the templates
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words text-ink">{title}</h1>
      <p className="text-sm text-ink-muted">
        Only a template Meta has approved in WhatsApp Manager reaches a lead after the 24-hour window: enter
        it here exactly as approved.
      </p>
      <Form method="post" className="space-y-4" aria-label="WhatsApp template">
        <Field
          label="Name"
          name="name"
          error={errors.name}
          constraint={limits.name}
          description="As in WhatsApp Manager: lower-case letters, digits and underscores."
        >
          {(control) => <Input {...control} defaultValue={values.name} />}
        </Field>
        <Field
          label="Language"
          name="language"
          error={errors.language}
          constraint={limits.language}
          description="Meta's code for the approved language: en, en_GB, fr…"
        >
          {(control) => <Input {...control} defaultValue={values.language} />}
        </Field>
        <Field
          label="Approved text"
          name="body"
          error={errors.body}
          constraint={limits.body}
          description="With {{1}}, {{2}}… where the parts filled in for each lead go."
        >
          {(control) => <Textarea {...control} defaultValue={values.body} rows={8} />}
        </Field>
        <Field
          label="Labels of the parts"
          name="parameters"
          error={errors.parameters}
          constraint={limits.parameters}
          description="One a line, in order: what {{1}}, {{2}}… are. The reply form asks for them by these labels."
        >
          {(control) => <Textarea {...control} defaultValue={values.parameters} rows={4} />}
        </Field>
        <Button type="submit" name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
      {children}
    </main>
  );
}
