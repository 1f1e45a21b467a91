import { describe, expect, it } from "vitest";
import { splitQuotedText } from "~/lib/conversation/quoted-text";

describe("splitQuotedText", () => {
  it("keeps the new text and collapses what follows the attribution line", () => {
    const body =
      "Yes, May works.\n\nOn Tue, 3 Mar 2026 at 10:00, Desk <deals@x.test> wrote:\n> When?\n> Regards";
    expect(splitQuotedText(body)).toEqual({
      own: "Yes, May works.",
      quoted: "On Tue, 3 Mar 2026 at 10:00, Desk <deals@x.test> wrote:\n> When?\n> Regards",
    });
  });

  it("recognises Outlook's original-message block and bare quote marks", () => {
    expect(splitQuotedText("Fine\r\n-----Original Message-----\r\nFrom: a").quoted).toMatch(/^-----Original/);
    expect(splitQuotedText("Fine\n> earlier").own).toBe("Fine");
  });

  it("leaves a message without quoted history whole", () => {
    expect(splitQuotedText("Just this.\nTwo lines.")).toEqual({ own: "Just this.\nTwo lines.", quoted: "" });
  });
});
