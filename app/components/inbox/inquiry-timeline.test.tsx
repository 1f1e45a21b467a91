import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InquiryTimeline } from "~/components/inbox/inquiry-timeline";
import { elementOf, textOf } from "../../../tests/support/markup";

const entry = (id: string, details: Record<string, unknown>) => ({
  id,
  kind: "attachment-refused",
  actorName: null,
  actorId: null,
  details,
  createdAt: "2030-01-01T11:00:00Z",
});

describe("the lead page's timeline", () => {
  it("says which received file the virus scanner refused, what it found, and that the file is gone", () => {
    const html = renderToStaticMarkup(
      <InquiryTimeline
        admins={[]}
        entries={[
          entry("e1", { channel: "email", attachmentId: "a1", signature: "Local.Eicar-Test-File" }),
          entry("e2", { channel: "whatsapp", messageId: "w1", signature: "Win.Trojan.Agent" }),
        ]}
      />,
    );
    const lines = textOf(elementOf(html, "ol", 'data-testid="timeline"'));
    expect(lines).toContain(
      "Email attachment refused: the virus scanner found Local.Eicar-Test-File, and the file was deleted · the system",
    );
    expect(lines).toContain(
      "WhatsApp file refused: the virus scanner found Win.Trojan.Agent, and the file was deleted · the system",
    );
  });
});
