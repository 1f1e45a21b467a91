import { createContext, useContext } from "react";

/**
 * Every mail is rendered twice from one element: once as HTML, once as its
 * plain-text part. The building blocks read this to decide what to emit, so a
 * mail's sentences are written once and the two parts cannot drift apart.
 */
type MailFormat = "html" | "text";

export const MailFormatContext = createContext<MailFormat>("html");

export function useMailFormat(): MailFormat {
  return useContext(MailFormatContext);
}
