import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InquiryConversation } from "~/components/inbox/inquiry-conversation";
import { elementOf, textOf } from "../../../tests/support/markup";

const INQUIRY_ID = "6f0d9a4e-3c1b-4b7a-9a51-0d2f3e4c5b6a";
/** A kept attachment; each test names its scan. */
const KEPT = { kept: true, notKeptReason: null, scanSignature: null };
/** What a hostile HTML mail leaves in the text body if the conversion kept its markup. */
const HOSTILE = `<script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)"><a href="javascript:alert(3)">click</a><style>body{display:none}</style>`;

function render() {
  return renderToStaticMarkup(
    <InquiryConversation
      inquiry={{
        id: INQUIRY_ID,
        createdAt: "2030-01-01T09:00:00Z",
        source: "form",
        email: "lead@example.test",
      }}
      replies={[
        {
          id: "r1",
          subject: "Your inquiry",
          body: "Dear Lead,\nThanks.",
          to: "lead@example.test",
          sentByName: "Ada Admin",
          createdAt: "2030-01-01T10:00:00Z",
          deliveredAt: null,
          failedAt: "2030-01-01T10:05:00Z",
          deliveryError: "Bounced: 550 no such user",
        },
      ]}
      messages={[
        {
          id: "m1",
          kind: "message",
          fromAddress: "lead@example.test",
          fromName: "<b>Lead</b>",
          subject: "<i>Re</i>",
          body: `${HOSTILE}\n\nOn Tue, Desk wrote:\n> Dear Lead,`,
          sentAt: "2030-01-01T11:00:00Z",
          authentication: { spf: "pass", dkim: "fail" },
          attachments: [
            { ...KEPT, id: "a1", filename: "id.pdf", size: 2048, scan: "clean" },
            {
              id: "a2",
              filename: "<svg onload=alert(4)>.zip",
              size: 30_000_000,
              kept: false,
              notKeptReason: "too-large",
              scan: null,
              scanSignature: null,
            },
            { ...KEPT, id: "a3", filename: "passport.pdf", size: 4096, scan: "pending" },
            {
              ...KEPT,
              id: "a4",
              filename: "invoice.pdf",
              size: 1024,
              scan: "infected",
              scanSignature: "Local.Eicar-Test-File",
            },
          ],
        },
      ]}
    />,
  );
}

describe("the lead page's conversation", () => {
  const html = render();

  it("renders a hostile mail as inert text: no element, handler or remote address from it", () => {
    for (const tag of ["<script", "<img", "<style", "<svg", "<i>", "<b>", 'href="javascript'])
      expect(html).not.toContain(tag);
    // Inside a tag, not as escaped text.
    expect(html).not.toMatch(/<[^>]*\son(error|load)=/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/(src|href)="https:\/\/tracker/);
  });

  it("keeps time order, collapses quoted history, shows verdicts, and lists attachments kept or not", () => {
    expect(html.indexOf("conversation-inquiry")).toBeLessThan(html.indexOf('data-testid="reply"'));
    expect(html.indexOf('data-testid="reply"')).toBeLessThan(html.indexOf("received-message"));
    expect(html).toMatch(/<details>.*Quoted history.*On Tue, Desk wrote:/s);
    expect(html).toContain("SPF pass");
    expect(html).toContain("DKIM fail");
    expect(html).toContain("DMARC none");
    expect(html).toContain(`href="/dashboard/inquiries/${INQUIRY_ID}/attachments/a1"`);
    expect(html).toContain("not kept: over the size limit");
    // Only a file the scanner passed is a link: one waiting says so, one refused says why.
    expect(html).not.toContain(`attachments/a3"`);
    expect(textOf(elementOf(html, "li", 'data-scan="pending"'))).toBe(
      "passport.pdf (4 KB) – being checked for viruses",
    );
    expect(html).not.toContain(`attachments/a4"`);
    expect(textOf(elementOf(html, "li", 'data-scan="infected"'))).toBe(
      "invoice.pdf (1 KB) – refused: the virus scanner found Local.Eicar-Test-File, and the file was deleted",
    );
    expect(html).toContain("Bounced: 550 no such user");
  });
});

describe("a held message on the lead page", () => {
  const message = {
    id: "0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d",
    kind: "message",
    fromAddress: "mallory@attacker.example.test",
    fromName: null,
    subject: "Re: Your inquiry",
    body: "Send the contract here instead.",
    sentAt: "2030-01-01T11:00:00Z",
    authentication: {},
    heldReason: "not-the-lead",
    attachments: [],
  };
  // The confirmation is a form: it needs the router the page renders in.
  const Stub = createRoutesStub([
    {
      path: "/dashboard/inquiries/:id",
      Component: () => (
        <InquiryConversation
          inquiry={{
            id: INQUIRY_ID,
            createdAt: "2030-01-01T09:00:00Z",
            source: "form",
            email: "lead@example.test",
          }}
          replies={[]}
          messages={[message]}
        />
      ),
    },
  ]);
  const html = renderToStaticMarkup(<Stub initialEntries={[`/dashboard/inquiries/${INQUIRY_ID}`]} />);

  it("says it is held and why, offers to confirm it, and shows no verdicts it does not have", () => {
    expect(html).toContain("Held: sent from an address that is not the lead&#x27;s.");
    expect(html).toMatch(/<button[^>]*value="confirm-message" name="intent"/);
    expect(html).toContain(`name="messageId" value="${message.id}"`);
    expect(html).toContain("Sender not verified");
  });
});

describe("WhatsApp media on the lead page", () => {
  const media = (id: string, scan: string | null, more: Record<string, unknown> = {}) => ({
    id,
    direction: "in",
    type: "document",
    body: "",
    waId: "233201110001",
    profileName: "Kofi",
    mediaMimeType: "application/pdf",
    mediaFilename: `${id}.pdf`,
    mediaKept: scan !== null,
    mediaNotKeptReason: null,
    mediaScan: scan,
    mediaScanSignature: null,
    possibleInquiryIds: [],
    sentAt: "2030-01-01T11:00:00Z",
    status: null,
    statusAt: null,
    errorCode: null,
    errorTitle: null,
    templateName: null,
    sentByName: null,
    ...more,
  });
  const html = renderToStaticMarkup(
    <InquiryConversation
      inquiry={{
        id: INQUIRY_ID,
        createdAt: "2030-01-01T09:00:00Z",
        source: "form",
        email: "lead@example.test",
      }}
      replies={[]}
      messages={[]}
      whatsapp={[
        media("fetching", null),
        media("waiting", "pending"),
        media("refused", "infected", { mediaScanSignature: "Local.Eicar-Test-File" }),
        media("passed", "clean"),
      ]}
    />,
  );
  const line = (scan: string) => elementOf(html, "p", `data-scan="${scan}"`);

  it("is a link only once scanned clean; until then it is being fetched or checked, and a refused one says why", () => {
    expect(textOf(line("none"))).toBe("Document: fetching.pdf (application/pdf) – being fetched");
    expect(textOf(line("pending"))).toBe(
      "Document: waiting.pdf (application/pdf) – being checked for viruses",
    );
    expect(textOf(line("infected"))).toBe(
      "Document: refused.pdf (application/pdf) – refused: the virus scanner found Local.Eicar-Test-File, and the file was deleted",
    );
    for (const scan of ["none", "pending", "infected"]) expect(line(scan)).not.toContain("href=");
    expect(line("clean")).toContain(`href="/dashboard/inquiries/${INQUIRY_ID}/whatsapp-media/passed"`);
  });
});
