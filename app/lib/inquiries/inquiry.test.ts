import { describe, expect, it } from "vitest";
import { toInboxCard } from "~/lib/inquiries/inquiry";
import type { Inquiry } from "~/lib/inquiries/inquiries.server";

const created = new Date("2026-05-01T09:30:00Z");

function item(overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    id: "7d0c4f52-8a43-4a39-9c55-0b8f1c2e9a10",
    name: "Ama Mensah",
    company: null,
    email: "ama@example.test",
    phone: null,
    whatsapp: null,
    interest: null,
    dealSize: null,
    message: "Hello",
    createdAt: created,
    readAt: null,
    readByName: null,
    adminNotes: null,
    notesUpdatedAt: null,
    notesUpdatedByName: null,
    isSpam: false,
    held: false,
    status: "new",
    lostReason: null,
    assignedTo: null,
    assignedToName: null,
    firstRepliedAt: null,
    awaitingSince: created,
    lastMessageBy: "lead",
    source: "form",
    sanctionsStatus: "clear",
    ...overrides,
  };
}

describe("toInboxCard", () => {
  it("leaves out empty fields, false spam and the lost reason, and sends times as milliseconds", () => {
    expect(toInboxCard(item({ lostReason: "Went elsewhere" }))).toStrictEqual({
      id: "7d0c4f52-8a43-4a39-9c55-0b8f1c2e9a10",
      name: "Ama Mensah",
      email: "ama@example.test",
      message: "Hello",
      createdAt: created.getTime(),
      status: "new",
      awaitingSince: created.getTime(),
    });
  });

  it("says whose turn it is: the lead's wait, or that the desk wrote last", () => {
    const answered = toInboxCard(item({ awaitingSince: null, lastMessageBy: "desk" }));
    expect(answered.awaitingSince).toBeNull();
    expect(answered.lastMessageBy).toBe("desk");
    expect(toInboxCard(item())).not.toHaveProperty("lastMessageBy");
  });

  it("keeps every field a card shows when it has a value", () => {
    const read = new Date("2026-05-01T10:00:00Z");
    const card = toInboxCard(
      item({
        company: "Obuasi Ltd",
        phone: "+233 24 000 0000",
        whatsapp: "+233 24 000 0001",
        interest: "gold-buying",
        dealSize: "1m-5m",
        readAt: read,
        readByName: "Ada Admin",
        adminNotes: "Call back",
        notesUpdatedAt: read,
        notesUpdatedByName: "Ada Admin",
        isSpam: true,
        firstRepliedAt: read,
        assignedTo: "admin-1",
        assignedToName: "Ada Admin",
      }),
    );
    expect(card).toMatchObject({
      company: "Obuasi Ltd",
      phone: "+233 24 000 0000",
      whatsapp: "+233 24 000 0001",
      interest: "gold-buying",
      dealSize: "1m-5m",
      readAt: read.getTime(),
      readByName: "Ada Admin",
      adminNotes: "Call back",
      notesUpdatedAt: read.getTime(),
      notesUpdatedByName: "Ada Admin",
      isSpam: true,
      firstRepliedAt: read.getTime(),
      owner: "Ada Admin",
    });
  });

  it("names an owner whose account is gone a former admin, and leaves out an unassigned one", () => {
    expect(toInboxCard(item({ assignedTo: "deleted-admin", assignedToName: null })).owner).toBe(
      "Former admin",
    );
    expect(toInboxCard(item())).not.toHaveProperty("owner");
  });
});
