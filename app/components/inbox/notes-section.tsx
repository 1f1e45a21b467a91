import { Link, useFetcher } from "react-router";
import { dashboardPage } from "~/content/account-pages";
import { NOTES_MAX_LENGTH } from "~/forms/inbox";
import { cardButtonClass } from "./card-button";
import { RelativeTime } from "./relative-time";

const { actions } = dashboardPage;

export interface NotesSectionProps {
  id: string;
  notes: string | null;
  updatedAt: Date | null;
  updatedByName: string | null;
  editing: boolean;
  editHref: string;
  closeHref: string;
  fetcherKey: string;
  now: number;
}

/**
 * Admin notes: viewing, or editing when the URL says `?edit=<id>` (one card
 * at a time, with or without JavaScript). Save posts the notes; Cancel is a
 * link back to the view without the editor.
 */
export function NotesSection(props: NotesSectionProps) {
  const { id, notes, updatedAt, updatedByName, editing, editHref, closeHref, fetcherKey, now } = props;
  const fetcher = useFetcher({ key: fetcherKey });
  const textareaId = `notes-${id}`;
  return (
    <section className="inbox-notes">
      <div>
        <h3>
          {editing ? (
            <label htmlFor={textareaId}>{dashboardPage.notesLabel}</label>
          ) : (
            dashboardPage.notesLabel
          )}
        </h3>
        {editing ? null : (
          <Link to={editHref} preventScrollReset replace discover="none" className={cardButtonClass("ghost")}>
            {notes ? actions.editNotes : actions.addNotes}
          </Link>
        )}
      </div>
      {editing ? (
        <fetcher.Form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="id" value={id} />
          <textarea
            id={textareaId}
            name="notes"
            defaultValue={notes ?? ""}
            maxLength={NOTES_MAX_LENGTH}
            rows={4}
            // The editor opens on request, so focus follows the admin's intent.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            placeholder={dashboardPage.notesPlaceholder}
            className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus:border-amber-600 focus:ring-2 focus:ring-amber-600/30 focus:outline-none"
          />
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
