import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import type { ConversationEntry } from "~/lib/kyc/client-messages.server";

const when = (at: Date | string) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/London",
  }).format(new Date(at));

/** The conversation and the client's answer: a plain form, so it works without JavaScript. */
export function ClientConversation({
  entries,
  maxLength,
}: {
  entries: readonly (Omit<ConversationEntry, "at"> & { at: Date | string })[];
  maxLength: number;
}) {
  return (
    <section aria-labelledby="conversation-heading" className="space-y-4">
      <h2 id="conversation-heading" className="text-2xl font-semibold text-ink">
        Conversation
      </h2>
      {entries.length === 0 ? (
        <p className="text-ink-soft">No messages yet.</p>
      ) : (
        <ol className="space-y-3" data-testid="client-conversation">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={
                entry.from === "you"
                  ? "rounded-lg border border-line-soft p-3"
                  : "rounded-lg border border-line-soft bg-surface-sunken p-3"
              }
            >
              <p className="text-xs text-ink-muted">
                {entry.from === "you" ? "You" : "Our team"} · {when(entry.at)}
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-ink">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" reloadDocument className="space-y-2">
        <input type="hidden" name="intent" value="message" />
        <label className="block text-sm font-medium text-ink" htmlFor="client-message">
          Your message to our team
        </label>
        <Textarea id="client-message" name="message" required maxLength={maxLength} rows={5} />
        <Button type="submit">Send message</Button>
      </Form>
    </section>
  );
}
