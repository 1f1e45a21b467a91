import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { Button } from "~/lib/mail/templates/mail-button.server";
import {
  FieldTable,
  Heading,
  LineBreak,
  Link,
  MultilineText,
  Paragraph,
  Strong,
} from "~/lib/mail/templates/mail-blocks.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";
import { renderMail } from "~/lib/mail/templates/render-mail.server";

const MARKUP = `<script>alert("x")</script> & 'y' <img src=x onerror=alert(1)>`;
const ESCAPED =
  "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;y&#x27; &lt;img src=x onerror=alert(1)&gt;";

describe("renderMail", () => {
  it("escapes markup in every building block of the HTML part and keeps it as typed in the text part", () => {
    const mail = renderMail(
      <MailLayout title={MARKUP}>
        <Heading>{MARKUP}</Heading>
        <Heading level={2}>{MARKUP}</Heading>
        <Paragraph>
          {MARKUP}
          <LineBreak />
          <Strong>{MARKUP}</Strong>
          <Link href={`https://x.test/?q="><script>alert(1)</script>`}>{MARKUP}</Link>
        </Paragraph>
        <FieldTable rows={[[MARKUP, MARKUP]]} />
        <MultilineText>{`${MARKUP}\n${MARKUP}`}</MultilineText>
        <Button href={`https://x.test/" onmouseover="alert(1)`}>{MARKUP}</Button>
      </MailLayout>,
    );
    expect(mail.html).not.toMatch(/<script|<img|" onmouseover|"><script/);
    // Title, two headings, paragraph, strong, link, table label and value, two lines, button label.
    expect(mail.html.split(ESCAPED)).toHaveLength(12);
    expect(mail.html).toContain('href="https://x.test/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(mail.text.split(MARKUP)).toHaveLength(11);
    expect(mail.text).not.toContain("&lt;");
  });

  it("never links to a script: React replaces a javascript: address", () => {
    const mail = renderMail(
      <MailLayout title="t">
        <Button href="javascript:alert(1)">Open</Button>
      </MailLayout>,
    );
    expect(mail.html).not.toContain('href="javascript:alert');
  });

  it("refuses a component that writes HTML into the plain-text part", () => {
    function Bold() {
      return <b>bold</b>;
    }
    expect(() =>
      renderMail(
        <MailLayout title="t">
          <Bold />
        </MailLayout>,
      ),
    ).toThrow(/plain-text part/);
  });

  it("frames every mail alike: brand on top, legal name, address and registration below", () => {
    const mail = renderMail(
      <MailLayout title="Subject line">
        <Paragraph>Body sentence.</Paragraph>
        <Button href="https://x.test/go">Go</Button>
      </MailLayout>,
    );
    expect(mail.html).toMatch(/^<!doctype html><html lang="en-GB">/);
    expect(mail.html).toContain("<title>Subject line</title>");
    // The address is named for what it is: the registered office (trading disclosures).
    const footer = company.registration.disclosure;
    expect(footer).toContain(`Registered office: ${company.address.singleLine}`);
    for (const fact of [company.brandName, company.legalName, company.registration.companyNumber]) {
      expect(mail.html).toContain(fact);
    }
    expect(mail.html).toContain(`Registered office: ${company.address.singleLine}`);
    expect(mail.html.indexOf(company.brandName)).toBeLessThan(mail.html.indexOf("Body sentence."));
    expect(mail.html.indexOf(company.legalName)).toBeGreaterThan(mail.html.indexOf("Body sentence."));
    expect(mail.text).toBe(`Body sentence.\n\nGo:\nhttps://x.test/go\n\n${footer}`);
  });
});
