import { useMailFormat } from "~/lib/mail/templates/mail-format.server";
import { Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { mailTheme } from "~/lib/mail/templates/mail-theme.server";

/**
 * The one call to action of a mail. The colour sits on a table cell (Outlook ignores backgrounds on links), and
 * the address follows as text for clients that block links.
 */
export function Button({ href, children }: { href: string; children: string }) {
  if (useMailFormat() === "text") return <>{`${children}:\n${href}\n\n`}</>;
  return (
    <>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 16px" }}>
        <tbody>
          <tr>
            <td style={{ background: mailTheme.action, borderRadius: 6 }}>
              <a
                href={href}
                style={{
                  display: "inline-block",
                  padding: "12px 20px",
                  color: mailTheme.actionText,
                  fontFamily: mailTheme.font,
                  fontSize: 15,
                  fontWeight: 700,
                  textDecoration: "none",
                  borderRadius: 6,
                }}
              >
                {children}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      <Paragraph muted>
        If the button does not work, copy this address into your browser:
        <br />
        <span style={{ wordBreak: "break-all" }}>{href}</span>
      </Paragraph>
    </>
  );
}
