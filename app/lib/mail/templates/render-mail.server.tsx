import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MailFormatContext } from "~/lib/mail/templates/mail-format.server";

export interface RenderedMail {
  html: string;
  /** The plain-text part, from the same element: every mail has one. */
  text: string;
}

/** The only entities React writes into text: it escapes exactly these five characters. */
const REACT_TEXT_ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

/** Renders a mail as HTML and plain text; React escapes values in the HTML, so a `<script>` arrives as text. */
export function renderMail(element: ReactElement): RenderedMail {
  const html = `<!doctype html>${renderToStaticMarkup(<MailFormatContext value="html">{element}</MailFormatContext>)}`;
  const markup = renderToStaticMarkup(<MailFormatContext value="text">{element}</MailFormatContext>);
  // In text the blocks emit strings only: a raw "<" means a component forgot the plain-text part.
  if (markup.includes("<")) throw new Error("a mail component wrote HTML into the plain-text part");
  const text = markup.replace(
    /&(?:amp|lt|gt|quot|#x27);/g,
    (entity) => REACT_TEXT_ENTITIES[entity] ?? entity,
  );
  return { html, text: text.trim() };
}
