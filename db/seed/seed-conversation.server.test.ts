import { describe, expect, it } from "vitest";
import { demoConversation, type SeededInquiry } from "./seed-conversation.server";

const inquiries: SeededInquiry[] = Array.from({ length: 5_000 }, (_, n) => ({
  id: `inquiry-${n}`,
  name: `Person ${n}`,
  email: `person${n}@example.test`,
  createdAt: new Date(Date.UTC(2024, 0, 1) + n * 3_600_000),
  firstRepliedAt: n % 10 === 0 ? null : new Date(Date.UTC(2024, 0, 1) + n * 3_600_000 + 7_200_000),
  isSpam: n % 50 === 1,
}));

describe("the demo conversation", () => {
  const conversation = demoConversation({ inquiries, messages: 10_000 });
  const spam = new Set(inquiries.filter((inquiry) => inquiry.isSpam).map((inquiry) => inquiry.id));

  it("is the same for the same seed", () => {
    expect(demoConversation({ inquiries, messages: 10_000 })).toEqual(conversation);
  });

  it("replies to each answered inquiry at its first reply, and gives mail only to genuine ones, after they came", () => {
    expect(conversation.replies).toHaveLength(inquiries.filter((inquiry) => inquiry.firstRepliedAt).length);
    expect(conversation.messages).toHaveLength(10_000);
    const byId = new Map(inquiries.map((inquiry) => [inquiry.id, inquiry]));
    for (const message of conversation.messages) {
      expect(spam.has(message.inquiry_id)).toBe(false);
      expect(message.sent_at.getTime()).toBeGreaterThan(byId.get(message.inquiry_id)!.createdAt.getTime());
    }
    expect(new Set(conversation.messages.map((message) => message.message_key)).size).toBe(10_000);
  });

  it("spreads the mail about one subject over as many inquiries as it has messages, nearly", () => {
    // A search's matches must be spread as in use, not piled onto a few inquiries.
    const about = conversation.messages.filter((message) => message.body?.includes("bill of lading"));
    expect(about.length).toBeGreaterThan(500);
    expect(new Set(about.map((message) => message.inquiry_id)).size).toBeGreaterThan(about.length * 0.8);
    expect(new Set(conversation.messages.map((message) => message.inquiry_id)).size).toBeGreaterThan(4_000);
  });
});
