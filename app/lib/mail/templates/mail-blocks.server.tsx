import { type CSSProperties, Fragment, type ReactNode } from "react";
import { company } from "~/content/company";
import { useMailFormat } from "~/lib/mail/templates/mail-format.server";
import { mailTheme } from "~/lib/mail/templates/mail-theme.server";

/* Mails use only these blocks, the layout and the button, so every mail looks alike and has a text part. */

/** In plain text, a block ends with a blank line. */
function TextBlock({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      {"\n\n"}
    </>
  );
}

const paragraphStyle: CSSProperties = { margin: "0 0 16px", fontSize: 15, lineHeight: 1.5 };
const mutedStyle: CSSProperties = { ...paragraphStyle, fontSize: 13, color: mailTheme.muted };

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  if (useMailFormat() === "text") return <TextBlock>{children}</TextBlock>;
  return <p style={muted ? mutedStyle : paragraphStyle}>{children}</p>;
}

/** A title (level 1) or a label for what follows (level 2: "Message:" in plain text). */
export function Heading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  const format = useMailFormat();
  if (level === 2) {
    if (format === "text")
      return (
        <>
          {children}:{"\n"}
        </>
      );
    return <h2 style={{ margin: "24px 0 8px", fontSize: 16 }}>{children}</h2>;
  }
  if (format === "text") return <TextBlock>{children}</TextBlock>;
  return <h1 style={{ margin: "0 0 16px", fontSize: 20, lineHeight: 1.3 }}>{children}</h1>;
}

export function LineBreak() {
  return useMailFormat() === "text" ? "\n" : <br />;
}

export function Strong({ children }: { children: ReactNode }) {
  return useMailFormat() === "text" ? <>{children}</> : <strong>{children}</strong>;
}

/** A link inside a sentence. In plain text only its words show: write the address as the words. */
export function Link({ href, children }: { href: string; children: ReactNode }) {
  if (useMailFormat() === "text") return <>{children}</>;
  return (
    <a href={href} style={{ color: mailTheme.action }}>
      {children}
    </a>
  );
}

/** Free text with its line breaks (a visitor's message), as <br>s: mail clients ignore pre-wrap. */
export function MultilineText({ children }: { children: string }) {
  if (useMailFormat() === "text") return <TextBlock>{children}</TextBlock>;
  const lines = children.split(/\r?\n/);
  return (
    <p style={paragraphStyle}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

/** Label–value rows, e.g. the fields of an inquiry; "Label: value" lines in plain text. */
export function FieldTable({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  if (useMailFormat() === "text")
    return <TextBlock>{rows.map(([label, value]) => `${label}: ${value}`).join("\n")}</TextBlock>;
  return (
    <table style={{ borderCollapse: "collapse", fontSize: 14, margin: "0 0 16px" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              style={{
                textAlign: "left",
                padding: "4px 12px 4px 0",
                verticalAlign: "top",
                color: mailTheme.muted,
                fontWeight: 400,
              }}
            >
              {label}
            </th>
            <td style={{ padding: "4px 0", verticalAlign: "top" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The close of a mail written to a person. */
export function SignOff() {
  return <Paragraph>{`— ${company.brandName}`}</Paragraph>;
}
