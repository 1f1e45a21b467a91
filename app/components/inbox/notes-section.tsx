import { Link, useActionData, useFetcher } from "react-router";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { dashboardPage } from "~/content/account-pages";
import { NotesSchema } from "~/forms/inbox";
import { constraintOf, type FieldErrors } from "~/forms/parse-form";
import { cardButtonClass } from "~/components/inbox/card-button";
import { RelativeTime } from "~/components/inbox/relative-time";

const { actions } = dashboardPage;
const NOTES_LIMITS = constraintOf(NotesSchema);

interface InboxActionFailure {
  fieldErrors?: FieldErrors<"notes">;
}

interface NotesSectionProps {
  id: string;
  notes: string | null;
  updatedAt: Date | number | null;
  updatedByName: string | null;
  editing: boolean;
  editHref: string;
  closeHref: string;
  fetcherKey: string;
  now: number;
}

/** Editing when the URL says `?edit=<id>`: one card at a time, with or without JavaScript. */
export function NotesSection(props: NotesSectionProps) {
  const { id, notes, updatedAt, updatedByName, editing, editHref, closeHref, fetcherKey, now } = props;
  const fetcher = useFetcher<InboxActionFailure>({ key: fetcherKey });
  // With JavaScript the answer is the fetcher's; without, the page's (one editor is open).
  const pageAnswer = useActionData<InboxActionFailure>();
  const notesError = editing ? (fetcher.data ?? pageAnswer)?.fieldErrors?.notes : undefined;
  return (
    // The card's only section: styled as .inbox-list > article > section.
    <section>
      {editing ? null : (
        <div>
          <h3>{dashboardPage.notesLabel}</h3>
          <Link to={editHref} preventScrollReset replace discover="none" className={cardButtonClass("ghost")}>
            {notes ? actions.editNotes : actions.addNotes}
          </Link>
        </div>
      )}
      {editing ? (
        <fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="id" value={id} />
          <Field
            label={dashboardPage.notesLabel}
            name="notes"
            id={`notes-${id}`}
            constraint={NOTES_LIMITS}
            error={notesError}
          >
            {(control) => (
              <Textarea
                {...control}
                defaultValue={notes ?? ""}
                rows={4}
                // The editor opens on request, so focus follows the admin's intent.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                placeholder={dashboardPage.notesPlaceholder}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <button type="submit" name="intent" value="save-notes" className={cardButtonClass("primary")}>
              {actions.save}
            </button>
            <Link to={closeHref} preventScrollReset replace className={cardButtonClass("secondary")}>
              {actions.cancel}
            </Link>
          </div>
        </fetcher.Form>
      ) : notes ? (
        <p>{notes}</p>
      ) : (
        <p className="notes-empty">No notes yet.</p>
      )}
      {updatedAt ? (
        <p className="notes-edited">
          {`Notes last edited by ${updatedByName ?? "a former admin"} `}
          <RelativeTime date={updatedAt} now={now} />
        </p>
      ) : null}
    </section>
  );
}
