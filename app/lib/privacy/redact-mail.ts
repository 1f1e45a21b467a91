/** A reset link in an export would turn a stolen session or a leaked export into a takeover. */
export const LEFT_OUT_NOTICE =
  "Links, tokens and one-time codes are left out of the mail in this export: each is shown as [link left out], [token left out] or [code left out]. They could still work, and an export must not open your account to whoever holds it.";

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/gi;
// Long runs of letters and digits, or of 20 or more with a capital after a small letter (words and
// names do not mix case like that; a random token may hold no digit).
const TOKEN_PATTERN =
  /\b(?:(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}|(?=[A-Za-z0-9_-]*[a-z][A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{20,})\b/g;
// A one-time code: a stand-alone run of 6 to 8 digits (not part of a longer or decimal number).
const CODE_PATTERN = /(?<![\d,]|\d\.)\d{6,8}(?![\d,]|\.\d)/g;

export function redactMailText(text: string, kind = ""): string {
  const withoutLinks = text
    .replace(URL_PATTERN, "[link left out]")
    .replace(TOKEN_PATTERN, "[token left out]");
  // Account mail (kind "auth-…") is about signing in: any short number in it may be a code.
  return kind.startsWith("auth-") ? withoutLinks.replace(CODE_PATTERN, "[code left out]") : withoutLinks;
}
