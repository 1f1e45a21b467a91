import { createContext, useContext } from "react";

/** Every mail is rendered as HTML and as plain text from one element, so the two parts cannot drift apart. */
type MailFormat = "html" | "text";

export const MailFormatContext = createContext<MailFormat>("html");

export function useMailFormat(): MailFormat {
  return useContext(MailFormatContext);
}
