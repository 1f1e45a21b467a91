import type { ReactNode } from "react";
import { company } from "~/content/company";
import { useMailFormat } from "~/lib/mail/templates/mail-format.server";
import { mailTheme } from "~/lib/mail/templates/mail-theme.server";

/**
 * The frame of every mail, with the company's trading disclosure below the card: the Companies (Trading
 * Disclosures) Regulations 2008 ask for it on business mail. Tables: Outlook lays out only tables reliably.
 */
export function MailLayout({ title, children }: { title: string; children: ReactNode }) {
  if (useMailFormat() === "text") {
    // No brand line on top: the plain text starts with the mail itself.
    return (
      <>
        {children}
        {company.registration.disclosure}
      </>
    );
  }
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: mailTheme.canvas }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: mailTheme.canvas, fontFamily: mailTheme.font, color: mailTheme.text }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: mailTheme.width, textAlign: "left" }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: "0 4px 12px",
                          fontSize: 18,
                          fontWeight: 700,
                          color: mailTheme.action,
                        }}
                      >
                        {company.brandName}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          background: mailTheme.card,
                          border: `1px solid ${mailTheme.border}`,
                          borderRadius: 8,
                          padding: 24,
                          color: mailTheme.text,
                          fontFamily: mailTheme.font,
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "16px 4px 0",
                          fontSize: 12,
                          lineHeight: 1.5,
                          color: mailTheme.muted,
                        }}
                      >
                        {company.registration.disclosure}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
