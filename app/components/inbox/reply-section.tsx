import type { MouseEventHandler, ReactNode } from "react";
import { Form } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { TypedTextarea } from "~/components/ui/typed-textarea";
import { deskLabel } from "~/content/desk-labels";
import { MarkRepliedSchema, ReplySchema } from "~/forms/inquiry-desk";
import { constraintsOf } from "~/forms/parse-form";
import { replyMailto } from "~/components/inbox/inquiry-links";
import { type ComposerTemplate, useDraftComposer } from "~/components/inbox/use-draft-composer";

const limits = constraintsOf(ReplySchema);

/** Posts to the draft route, which takes blank or unfinished fields. */
function DraftButton(props: {
  action: string;
  intent: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="secondary"
      name="intent"
      value={props.intent}
      formAction={props.action}
      formNoValidate
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/**
 * Keyed by `composerKey`, the composer starts again from the draft only when that changes; otherwise the
 * text is the person's, whatever hydration or a live refresh renders.
 */
export function ReplySection({
  item,
  draft,
  freshDraft,
  draftSavedAt,
  templates,
  composerKey,
  errorFor,
}: {
  item: { id: string; email: string; interest: string | null };
  draft: { subject: string; body: string };
  freshDraft: { subject: string; body: string };
  draftSavedAt: Date | string | null;
  templates: ComposerTemplate[];
  composerKey: string;
  errorFor: (name: string) => string | undefined;
}) {
  const composer = useDraftComposer({ inquiryId: item.id, templates, freshDraft, draftSavedAt });
  return (
    <DeskSection id="reply-heading" title="Reply">
      <Form
        method="post"
        className="space-y-3"
        aria-label="Reply composer"
        key={`${item.id}:${composerKey}`}
        onInput={composer.onInput}
        onFocus={composer.onFocus}
        onSubmit={composer.onSubmit}
      >
        <input type="hidden" name="id" value={item.id} />
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Template" name="template" className="grow">
            {(control) => (
              <Select {...control} defaultValue="">
                <option value="">Choose a template</option>
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DraftButton
            action={composer.draftAction}
            intent="insert-template"
            onClick={composer.onInsertTemplate}
          >
            Insert template
          </DraftButton>
        </div>
        <Field label="Subject" name="subject" error={errorFor("subject")} constraint={limits.subject}>
          {(control) => <Input {...control} defaultValue={draft.subject} />}
        </Field>
        <Field
          label="Your reply"
          name="body"
          error={errorFor("body")}
          constraint={limits.body}
          description={`To ${item.email}. Replace every [[…]] before sending; answers come back to the team address.`}
        >
          {(control) => <TypedTextarea {...control} defaultValue={draft.body} rows={14} />}
        </Field>
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="draft-status">
          {composer.status}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="reply">
            Send reply
          </Button>
          <DraftButton action={composer.draftAction} intent="save-draft">
            Save draft
          </DraftButton>
          <DraftButton action={composer.draftAction} intent="discard-draft" onClick={composer.onDiscard}>
            Discard draft
          </DraftButton>
          <a href={replyMailto(item)} className="self-center text-sm text-accent-strong underline">
            Reply via Email instead
          </a>
        </div>
      </Form>
      <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Replied outside">
        <input type="hidden" name="id" value={item.id} />
        <Field label="Replied by" name="channel">
          {(control) => (
            <Select {...control} defaultValue="email">
              {MarkRepliedSchema.shape.channel.unwrap().options.map((channel) => (
                <option key={channel} value={channel}>
                  {deskLabel.replyChannel(channel)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" name="intent" value="mark-replied" variant="secondary">
          Mark as replied
        </Button>
      </Form>
    </DeskSection>
  );
}
