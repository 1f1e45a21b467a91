import type { ReactNode } from "react";
import { DeskSection } from "~/components/desk-page";
import { Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
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
      <Form method="post" className="space-y-4" aria-label="Template">
        <Field
          label="Name"
          name="name"
          error={errors.name}
          constraint={limits.name}
          description="Shown in the lead page's template list."
        >
          {(control) => <Input {...control} defaultValue={values.name} />}
        </Field>
        <Field label="Subject" name="subject" error={errors.subject} constraint={limits.subject}>
          {(control) => <Input {...control} defaultValue={values.subject} />}
        </Field>
        <Field
          label="Text"
          name="body"
          error={errors.body}
          constraint={limits.body}
          description="Inserted into the reply where the cursor is. Use [[…]] for what the admin must fill in before sending."
        >
          {(control) => <Textarea {...control} defaultValue={values.body} rows={14} />}
        </Field>
        <Button type="submit" name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
      <DeskSection id="placeholders-heading" title="Placeholders">
        <PlaceholderList />
      </DeskSection>
      {children}
    </main>
  );
}
