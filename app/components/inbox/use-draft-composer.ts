import { type FocusEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { placeTemplate, YOUR_REPLY_MARK } from "~/lib/inquiries/reply-text";
import { formatWhen } from "~/components/inbox/inquiry-timeline";

/** A template as the composer inserts it: placeholders already filled in for this inquiry. */
export interface ComposerTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
}

/** One request per pause in typing, not per key. */
const DRAFT_SAVE_DELAY_MS = 800;

type DraftAnswer = { saved: true; savedAt: string } | { saved: false; error: string };

function control<T extends HTMLElement>(form: HTMLFormElement, name: string): T {
  return form.elements.namedItem(name) as T;
}

/** The fresh draft's closing (reference line and signature): what follows its "[[Your reply]]" mark. */
function closingOf(freshBody: string): string {
  const mark = freshBody.indexOf(YOUR_REPLY_MARK);
  return mark < 0 ? "" : freshBody.slice(mark + YOUR_REPLY_MARK.length).trim();
}

/**
 * The composer's JavaScript: a template goes where placeTemplate says, and the draft is saved through a
 * fetcher once typing pauses. The fields are uncontrolled; without JavaScript the buttons post to the draft route.
 */
export function useDraftComposer(options: {
  inquiryId: string;
  templates: readonly ComposerTemplate[];
  freshDraft: { subject: string; body: string };
  draftSavedAt: Date | string | null;
}) {
  const { inquiryId, templates, freshDraft } = options;
  const draftAction = href("/dashboard/inquiries/:id/draft", { id: inquiryId });
  const fetcher = useFetcher<DraftAnswer>({ key: `reply-draft:${inquiryId}` });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const pending = useRef<FormData | null>(null);
  /** The person has been in the reply box: its cursor is where they mean. */
  const cursorPlaced = useRef(false);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  };
  useEffect(() => {
    // Leaving within the pause (a link, closing the tab) still keeps what was typed.
    const flush = () => {
      const data = pending.current;
      cancel();
      if (data) void fetch(draftAction, { method: "POST", body: data, keepalive: true });
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [draftAction]);

  const saveSoon = (form: HTMLFormElement) => {
    cancel();
    const data = new FormData();
    data.set("intent", "save-draft");
    data.set("auto", "1");
    data.set("id", inquiryId);
    data.set("subject", control<HTMLInputElement>(form, "subject").value);
    data.set("body", control<HTMLTextAreaElement>(form, "body").value);
    pending.current = data;
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      setMessage(null);
      void fetcher.submit(data, { method: "post", action: draftAction });
    }, DRAFT_SAVE_DELAY_MS);
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (name === "body") cursorPlaced.current = true;
    if (name === "subject" || name === "body") saveSoon(event.currentTarget);
  };

  const onFocus = (event: FocusEvent<HTMLFormElement>) => {
    if ((event.target as { name?: string }).name === "body") cursorPlaced.current = true;
  };

  const onInsertTemplate = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const select = control<HTMLSelectElement>(form, "template");
    const template = templates.find((candidate) => candidate.id === select.value);
    if (!template) {
      setMessage("Choose a template.");
      select.focus();
      return;
    }
    const body = control<HTMLTextAreaElement>(form, "body");
    const subject = control<HTMLInputElement>(form, "subject");
    const inserted = placeTemplate(body.value, template.body, {
      selection: cursorPlaced.current ? { start: body.selectionStart, end: body.selectionEnd } : null,
      closing: closingOf(freshDraft.body),
    });
    body.value = inserted.text;
    body.focus();
    body.setSelectionRange(inserted.cursor, inserted.cursor);
    const typedSubject = subject.value.trim();
    if (typedSubject === "" || typedSubject === freshDraft.subject) subject.value = template.subject;
    setMessage(`Inserted "${template.name}".`);
    saveSoon(form);
  };

  const onDiscard = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    cancel();
    setMessage("");
    if (!form) return;
    // The composer is not remounted by the redirect back: it shows the fresh draft itself.
    control<HTMLInputElement>(form, "subject").value = freshDraft.subject;
    control<HTMLTextAreaElement>(form, "body").value = freshDraft.body;
    cursorPlaced.current = false;
  };

  const answer = fetcher.data;
  const status =
    message ??
    (fetcher.state !== "idle"
      ? "Saving draft…"
      : answer
        ? answer.saved
          ? `Draft saved ${formatWhen(answer.savedAt)}`
          : answer.error
        : options.draftSavedAt
          ? `Draft saved ${formatWhen(options.draftSavedAt)}`
          : "");

  return { draftAction, status, onInput, onFocus, onSubmit: cancel, onInsertTemplate, onDiscard };
}
