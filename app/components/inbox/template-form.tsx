import type { ReactNode } from "react";
import { DeskSection } from "~/components/desk-page";
import { Form, href } from "react-router";
import { DeskEditorFrame } from "~/components/desk-editor-frame";
import { Button } from "~/components/ui/button";
import { SchemaField } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { REPLY_PLACEHOLDERS } from "~/content/reply-placeholders";
import { constraintsOf, type FieldErrors } from "~/forms/parse-form";
import { ReplyTemplateSchema } from "~/forms/reply-templates";

const limits = constraintsOf(ReplyTemplateSchema);

export function PlaceholderList() {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {Object.entries(REPLY_PLACEHOLDERS).map(([name, what]) => (
        <div key={name} className="contents">
          <dt>
            <code className="font-mono">{`{{${name}}}`}</code>
          </dt>
          <dd className="text-ink-muted">{what}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A template's page, new or existing; on an error the form shows what was posted again. */
export function TemplateEditorPage({
  title,
  children,
  values,
  errors,
  submitLabel,
}: {
  title: string;
  children?: ReactNode;
  values: { name: string; subject: string; body: string };
  errors: FieldErrors;
  submitLabel: string;
}) {
  const form = { errors, limits };
  return (
    <DeskEditorFrame
      back={{ to: href("/dashboard/templates"), label: "Back to the templates" }}
      title={title}
    >
      <Form method="post" className="space-y-4" aria-label="Template">
        <SchemaField
          form={form}
          label="Name"
          name="name"
          description="Shown in the lead page's template list."
        >
          {(control) => <Input {...control} defaultValue={values.name} />}
        </SchemaField>
        <SchemaField form={form} label="Subject" name="subject">
          {(control) => <Input {...control} defaultValue={values.subject} />}
        </SchemaField>
        <SchemaField
          form={form}
          label="Text"
          name="body"
          description="Inserted into the reply where the cursor is. Use [[…]] for what the admin must fill in before sending."
        >
          {(control) => <Textarea {...control} defaultValue={values.body} rows={14} />}
        </SchemaField>
        <Button type="submit" name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
      <DeskSection id="placeholders-heading" title="Placeholders">
        <PlaceholderList />
      </DeskSection>
      {children}
    </DeskEditorFrame>
  );
}
