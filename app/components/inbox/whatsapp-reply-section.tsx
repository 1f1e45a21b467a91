import { Form, href, Link } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { formatWhen } from "~/components/inbox/inquiry-timeline";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { whatsAppLimits } from "~/content/whatsapp-limits";

interface WhatsAppTemplateItem {
  id: string;
  name: string;
  language: string;
  body: string;
  parameters: string[];
}

/**
 * The reply on WhatsApp: free text while Meta's customer-service window is
 * open (the box says when it closes), only an approved template after it.
 */
export function WhatsAppReplySection({
  inquiryId,
  thread,
  templates,
  health,
  now,
}: {
  inquiryId: string;
  health: { flagged: boolean; unauthorized: boolean; lastError: string | null } | null;
  thread: { to: string; windowClosesAt: Date | string; wroteFirst: boolean };
  templates: WhatsAppTemplateItem[];
  now: number;
}) {
  const action = href("/dashboard/inquiries/:id/whatsapp", { id: inquiryId });
  const closesAt = new Date(thread.windowClosesAt);
  const open = closesAt.getTime() > now;
  return (
    <DeskSection id="whatsapp-reply-heading" title="Reply on WhatsApp">
      {health?.flagged ? (
        <p
          className="rounded bg-danger-wash p-2 text-sm text-danger-strong"
          role="alert"
          data-testid="whatsapp-health"
        >
          {health.unauthorized
            ? "WhatsApp is failing: Meta refused the access token. Replies wait in the queue until an admin replaces WHATSAPP_ACCESS_TOKEN."
            : `WhatsApp is failing: the last calls to Meta failed${health.lastError ? ` (${health.lastError})` : ""}. Replies wait in the queue and are tried again.`}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted" data-testid="whatsapp-window">
        {!thread.wroteFirst
          ? `To +${thread.to}. The lead has not written on WhatsApp but agreed on the form to messages there: only an approved template can start the conversation.`
          : open
            ? `To +${thread.to}. Free text can be sent until ${formatWhen(closesAt)}, ${whatsAppLimits.serviceWindowHours} hours after the lead's last message.`
            : `To +${thread.to}. The ${whatsAppLimits.serviceWindowHours}-hour window for free text closed at ${formatWhen(closesAt)}: WhatsApp delivers only an approved template until the lead writes again.`}
      </p>
      {open ? (
        <Form method="post" action={action} className="space-y-3">
          <input type="hidden" name="id" value={inquiryId} />
          <Field label="Message" name="body">
            {(control) => <Textarea {...control} rows={5} required maxLength={whatsAppLimits.textChars} />}
          </Field>
          <Button type="submit" name="intent" value="whatsapp-text">
            Send on WhatsApp
          </Button>
        </Form>
      ) : null}
      {templates.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No approved templates are kept in the desk yet: add them on the{" "}
          <Link className="underline" to={href("/dashboard/templates")}>
            templates page
          </Link>{" "}
          as they are approved in WhatsApp Manager.
        </p>
      ) : (
        <ul className="space-y-2">
          {templates.map((template) => (
            <li key={template.id}>
              <details className="rounded-lg border border-line-soft p-3" data-testid="whatsapp-template">
                <summary className="cursor-pointer text-sm font-medium">
                  {`Template ${template.name} (${template.language})`}
                </summary>
                <p className="mt-2 text-sm whitespace-pre-wrap text-ink-muted">{template.body}</p>
                <Form method="post" action={action} className="mt-2 space-y-2">
                  <input type="hidden" name="id" value={inquiryId} />
                  <input type="hidden" name="templateId" value={template.id} />
                  {template.parameters.map((label, index) => (
                    <Field key={index} label={`{{${index + 1}}} ${label}`} name="parameters">
                      {(control) => <Input {...control} required maxLength={1000} />}
                    </Field>
                  ))}
                  <Button type="submit" name="intent" value="whatsapp-template" variant="secondary">
                    Send template
                  </Button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </DeskSection>
  );
}
