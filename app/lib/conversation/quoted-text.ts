/** Where the quoted history of a mail begins; everything from there is shown collapsed. */
const QUOTE_STARTS = [
  /^On .{1,300}wrote:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
  /^From:\s.+/,
  /^>/,
];

/** A message's own text and its quoted history (empty when there is none). */
export function splitQuotedText(body: string): { own: string; quoted: string } {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const start = lines.findIndex(
    (line, index) => index > 0 && QUOTE_STARTS.some((pattern) => pattern.test(line.trim())),
  );
  if (start === -1) return { own: body.trim(), quoted: "" };
  return { own: lines.slice(0, start).join("\n").trim(), quoted: lines.slice(start).join("\n").trim() };
}
