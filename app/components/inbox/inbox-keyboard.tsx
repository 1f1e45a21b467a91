import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { href, useLocation, useNavigate, useSubmit } from "react-router";
import { BULK_FORM_ID } from "~/components/inbox/inquiry-line";

/** The keys, as the help dialog lists them. */
const INBOX_KEYS: readonly [string, string][] = [
  ["j", "Next inquiry"],
  ["k", "Previous inquiry"],
  ["o or Enter", "Open the inquiry"],
  ["x", "Select or unselect the inquiry"],
  ["r", "Reply (the inquiry page's reply form)"],
  ["a", "Assign the lead to me"],
  ["u", "Mark read or unread"],
  ["/", "Search"],
  ["?", "Show these keys"],
];

const subscribeToNothing = () => () => {};
const hydrated = () => true;
const notHydrated = () => false;

/** Typing in a field (or an editable element) is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** The list's rows, or the cards; a row's id is its checkbox's value where its data-row is empty. */
const ROW = "[data-row], .inbox-list > article";

function currentRow(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement
    ? document.activeElement.closest<HTMLElement>(ROW)
    : null;
}

function idOf(row: HTMLElement): string {
  return row.dataset.row || (row.querySelector<HTMLInputElement>('input[name="ids"]')?.value ?? "");
}

/**
 * JavaScript only: everything the keys do has a link or a button too. The current row is the one holding
 * focus; changes go through the inbox's own action and the bulk action, both coming back to the same view.
 */
export function InboxKeyboard({ viewerId }: { viewerId: string }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const ready = useSyncExternalStore(subscribeToNothing, hydrated, notHydrated);
  const here = location.pathname + location.search;

  // A layout effect: a passive one runs later, and a key pressed meanwhile was lost.
  useLayoutEffect(() => {
    const move = (by: number) => {
      const rows = [...document.querySelectorAll<HTMLElement>(ROW)];
      if (rows.length === 0) return;
      const at = rows.indexOf(currentRow() as HTMLElement);
      const next =
        at === -1 ? (by > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + by));
      const row = rows[next];
      if (!row) return;
      // Focusable from script only: rows are not tab stops, their links and boxes are.
      row.tabIndex = -1;
      row.focus();
    };
    const inquiryPath = (row: HTMLElement) => href("/dashboard/inquiries/:id", { id: idOf(row) });
    const bulkView = () => {
      const form = document.getElementById(BULK_FORM_ID);
      const fields = new FormData(form instanceof HTMLFormElement ? form : undefined);
      return ["status", "interest", "dealSize", "q", "owner", "lead", "sort"].flatMap((name) => {
        const value = fields.get(name);
        return typeof value === "string" && value ? [[name, value] as [string, string]] : [];
      });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (event.shiftKey && event.key !== "?") return;
      if (isTyping(event.target) || dialog.current?.open) return;
      const row = currentRow();
      const onRowItself = row !== null && document.activeElement === row;
      const act = (run: () => void) => {
        event.preventDefault();
        run();
      };
      switch (event.key) {
        case "j":
          return act(() => move(1));
        case "k":
          return act(() => move(-1));
        case "/":
          return act(() => document.getElementById("inbox-q")?.focus());
        case "?":
          return act(() => dialog.current?.showModal());
      }
      if (!row) return;
      switch (event.key) {
        case "o":
          return act(() => navigate(inquiryPath(row)));
        case "Enter":
          // On a link or a button inside the row, Enter is theirs.
          if (onRowItself) act(() => navigate(inquiryPath(row)));
          return;
        case "r":
          return act(() => navigate(`${inquiryPath(row)}#reply-heading`));
        case "x":
          return act(() => row.querySelector<HTMLInputElement>('input[name="ids"]')?.click());
        case "u":
          return act(() =>
            submit(
              {
                intent: row.dataset.unread === "true" ? "mark-read" : "mark-unread",
                id: idOf(row),
              },
              { method: "post", action: here, navigate: false, fetcherKey: `inquiry-${idOf(row)}` },
            ),
          );
        case "a":
          return act(() =>
            submit(
              [
                ["intent", "bulk"],
                ["action", "assign"],
                ["scope", "selected"],
                ["ids", idOf(row)],
                ["assigneeId", viewerId],
                ...bulkView(),
              ],
              { method: "post", action: href("/dashboard/bulk") },
            ),
          );
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, submit, here, viewerId]);

  // Nothing in the server's HTML: the keys, their button and their list exist only with JavaScript.
  if (!ready) return null;
  return (
    <>
      <p className="mt-6 text-sm text-ink-subtle">
        <button
          type="button"
          className="font-semibold text-accent-strong underline"
          onClick={() => dialog.current?.showModal()}
        >
          Keyboard shortcuts
        </button>
      </p>
      <dialog
        ref={dialog}
        aria-labelledby="inbox-keys-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-ink shadow-lg backdrop:bg-black/40"
      >
        <h2 id="inbox-keys-title" className="text-lg font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {INBOX_KEYS.map(([key, what]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-line-strong px-1.5 font-mono">{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog" className="mt-6">
          <button type="submit" className="ui-button btn min-h-11 px-4">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
