import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { DeskEditorFrame } from "~/components/desk-editor-frame";
import { Button } from "~/components/ui/button";
import { SchemaField } from "~/components/ui/field";
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
  const form = { errors, limits };
  return (
    <DeskEditorFrame
      back={{ to: href("/dashboard/templates"), label: "Back to the templates" }}
      title={title}
    >
      <p className="text-sm text-ink-muted">
        Only a template Meta has approved in WhatsApp Manager reaches a lead after the 24-hour window: enter
        it here exactly as approved.
      </p>
      <Form method="post" className="space-y-4" aria-label="WhatsApp template">
        <SchemaField
          form={form}
          label="Name"
          name="name"
          description="As in WhatsApp Manager: lower-case letters, digits and underscores."
        >
          {(control) => <Input {...control} defaultValue={values.name} />}
        </SchemaField>
        <SchemaField
          form={form}
          label="Language"
          name="language"
          description="Meta's code for the approved language: en, en_GB, fr…"
        >
          {(control) => <Input {...control} defaultValue={values.language} />}
        </SchemaField>
        <SchemaField
          form={form}
          label="Approved text"
          name="body"
          description="With {{1}}, {{2}}… where the parts filled in for each lead go."
        >
          {(control) => <Textarea {...control} defaultValue={values.body} rows={8} />}
        </SchemaField>
        <SchemaField
          form={form}
          label="Labels of the parts"
          name="parameters"
          description="One a line, in order: what {{1}}, {{2}}… are. The reply form asks for them by these labels."
        >
          {(control) => <Textarea {...control} defaultValue={values.parameters} rows={4} />}
        </SchemaField>
        <Button type="submit" name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
      {children}
    </DeskEditorFrame>
  );
}
