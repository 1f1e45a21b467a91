import { Form } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { dashboardPage } from "~/content/account-pages";
import { NotesSchema } from "~/forms/inbox";
import { constraintOf } from "~/forms/parse-form";
import { formatWhen } from "~/components/inbox/inquiry-timeline";

const NOTES_LIMITS = constraintOf(NotesSchema);

/**
 * The sender's notes, always editable here. Saving keeps the earlier text:
 * each version stays on the timeline with who wrote it and when.
 */
export function InquiryNotes({
  item,
  error,
}: {
  item: {
    id: string;
    adminNotes: string | null;
    notesUpdatedAt: Date | string | null;
    notesUpdatedByName: string | null;
  };
  error?: string;
}) {
  return (
    <DeskSection id="notes-heading" title={dashboardPage.notesLabel}>
      {/* Keyed by the stored text: after a save, or another admin's, the editor shows what is stored. */}
      <Form method="post" key={item.adminNotes ?? ""} className="space-y-3">
        <input type="hidden" name="id" value={item.id} />
        <Field
          label={dashboardPage.notesLabel}
          name="notes"
          id="lead-notes"
          constraint={NOTES_LIMITS}
          error={error}
          description={
            item.notesUpdatedAt
              ? `Last edited by ${item.notesUpdatedByName ?? "a former admin"} · ${formatWhen(item.notesUpdatedAt)}. Earlier versions stay on the timeline.`
              : "Every version stays on the timeline."
          }
        >
          {(control) => (
            <Textarea
              {...control}
              defaultValue={item.adminNotes ?? ""}
              rows={4}
              placeholder={dashboardPage.notesPlaceholder}
            />
          )}
        </Field>
        <Button type="submit" name="intent" value="save-notes" variant="secondary">
          Save notes
        </Button>
      </Form>
    </DeskSection>
  );
}
