import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { REPLY_TEMPLATES } from "~/content/reply-templates";
import { MarkRepliedSchema } from "~/forms/lead-desk";
import { replyMailto } from "./inquiry-links";
import { type ReplyItem, ReplyList } from "./lead-timeline";

/**
 * The lead page's reply section: a template picker (a GET form), the
 * composer, "Mark as replied" and the replies sent. The composer is keyed by
 * `composerKey`: it starts again from the draft only when that changes.
 */
export function LeadReplySection({
  item,
  draft,
  templateId,
  replies,
  composerKey,
  errorFor,
}: {
  item: { id: string; email: string; interest: string | null };
  draft: { subject: string; body: string };
  templateId: string | null;
  replies: ReplyItem[];
  composerKey: string;
  errorFor: (name: string) => string | undefined;
}) {
  return (
    <section aria-labelledby="reply-heading" className="space-y-3">
      <h2 id="reply-heading" className="text-lg font-semibold">
        Reply
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Reply template">
        <Field label="Template" name="template" className="grow">
          {(control) => (
            <Select {...control} defaultValue={templateId ?? ""}>
              <option value="">No template</option>
              {REPLY_TEMPLATES.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary">
          Use template
        </Button>
      </Form>
      <Form method="post" className="space-y-3" aria-label="Reply composer" key={composerKey}>
        <input type="hidden" name="id" value={item.id} />
        <Field label="Subject" name="subject" error={errorFor("subject")}>
          {(control) => <Input {...control} defaultValue={draft.subject} required maxLength={200} />}
        </Field>
        <Field
          label="Your reply"
          name="body"
          error={errorFor("body")}
          description={`To ${item.email}. Replace every [[…]] before sending; answers come back to the team address.`}
        >
          {(control) => <Textarea {...control} defaultValue={draft.body} required rows={14} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="reply">
            Send reply
          </Button>
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
                  {channel}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" name="intent" value="mark-replied" variant="secondary">
          Mark as replied
        </Button>
      </Form>
      <h3 className="font-semibold">Replies sent</h3>
      <ReplyList replies={replies} />
    </section>
  );
}
