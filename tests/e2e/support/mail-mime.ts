/**
 * Just enough MIME to read our own mails in tests: the subject and the
 * decoded text/plain part. Parts are cut at their boundary lines, never at
 * any line that starts with "--": a quoted-printable line break can land just
 * before two dashes of a link's token.
 */
interface ParsedMail {
  subject: string;
  text: string;
}

interface Part {
  headers: string;
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: raw, body: "" };
  return { headers: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeBody(part: Part): string {
  const encoding = header(part.headers, "Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first text/plain part, depth first, or null. */
function findTextPart(part: Part): Part | null {
  const type = header(part.headers, "Content-Type");
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return null;
    const delimiter = new RegExp(`(?:^|\\r?\\n)--${escapeRegExp(boundary)}(?:--)?[ \\t]*(?=\\r?\\n|$)`);
    // The preamble before the first boundary and the epilogue after the last are not parts.
    for (const piece of part.body.split(delimiter).slice(1)) {
      const found = findTextPart(splitPart(piece.replace(/^\r?\n/, "")));
      if (found) return found;
    }
    return null;
  }
  return type === "" || /^text\/plain/i.test(type) ? part : null;
}

export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw);
  const textPart = findTextPart(message);
  return {
    subject: header(message.headers, "Subject"),
    // Lines as the text was written: the wire's CRLF back to LF.
    text: textPart ? decodeBody(textPart).replace(/\r\n/g, "\n") : "",
  };
}
