import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attributesOf, elementOf, elementsOf, textOf } from "../../tests/support/markup";
import type { Route } from "./+types/dashboard.inquiries.detail";
import LeadPage from "~/routes/dashboard.inquiries.detail";

type InquiryPageData = Exclude<Route.ComponentProps["loaderData"], { deleted: true }>;

const NOW = Date.parse("2030-03-04T12:00:00Z");
const KOFI_ID = "5a1e0000-0000-4000-8000-000000000001";
const ESI_ID = "5a1e0000-0000-4000-8000-000000000002";

const KOFI: InquiryPageData["item"] = {
  id: KOFI_ID,
  name: "Kofi Caller",
  company: null,
  email: "kofi@caller.test",
  phone: "+44 (20) 7946-0000",
  whatsapp: "+233 24 123 4567",
  interest: "equipment-rental",
  dealSize: "500k-1m",
  message: "Please call me.",
  createdAt: new Date(NOW - 30 * 3_600_000),
  readAt: null,
  readByName: null,
  adminNotes: "Call back on Thursday.",
  notesUpdatedAt: new Date(NOW - 3_600_000),
  notesUpdatedByName: "Ada Admin",
  isSpam: false,
  held: false,
  status: "contacted",
  lostReason: null,
  assignedTo: "admin-stan",
  assignedToName: "Stan Stale",
  firstRepliedAt: null,
  awaitingSince: new Date(NOW - 30 * 3_600_000),
  lastMessageBy: "lead",
  source: "form",
  sanctionsStatus: "clear",
};

function lead(item: InquiryPageData["item"]): InquiryPageData {
  return {
    item,
    reference: `VM-${item.id.slice(0, 8).toUpperCase()}`,
    templates: [{ id: "t1", name: "KYC document checklist", subject: "KYC", body: "Please send…" }],
    freshDraft: { subject: "Your inquiry", body: "Dear Kofi,\n\n[[Your reply]]" },
    sanctions: { status: "clear", screening: null, candidates: [], decisions: [] },
    licences: { checks: [], verified: false, verifiedUntil: null },
    today: "2026-11-28",
    draftSavedAt: null,
    followUp: null,
    timeline: [],
    replies: [],
    messages: [],
    whatsapp: { messages: [], thread: null, templates: [], health: null },
    admins: [
      { id: "admin-ada", name: "Ada Admin" },
      { id: "admin-stan", name: "Stan Stale" },
    ],
    draft: { subject: "Your inquiry", body: "Dear Kofi,\n\n[[Your reply]]" },
    templateId: null,
    notesVersions: [],
    kyc: { checklists: [], link: { open: false }, request: null },
    openedAsRead: false,
    viewerId: "admin-ada",
    now: NOW,
  };
}

/** The lead page as the admin's browser gets it from the server. */
function render(data: InquiryPageData, search = ""): string {
  const Stub = createRoutesStub([{ id: "lead", path: "/dashboard/inquiries/:id", Component: LeadPage }]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={[`/dashboard/inquiries/${data.item.id}${search}`]}
      hydrationData={{ loaderData: { lead: data } }}
    />,
  );
}

/** The one form holding a submit button with this intent. */
function formFor(html: string, intent: string): string {
  const forms = elementsOf(html, "form").filter((form) => form.includes(`value="${intent}"`));
  expect(forms).toHaveLength(1);
  return forms[0]!;
}

describe("the lead page", () => {
  const html = render(lead(KOFI));

  it("heads the page with the lead, its reference, status, deadline, owner and read state", () => {
    expect(textOf(elementOf(html, "h1", ""))).toBe("Kofi Caller");
    const header = textOf(elementsOf(elementOf(html, "main", ""), "header")[0]!);
    for (const text of [
      "Reference VM-5A1E0000",
      "Contacted",
      "Overdue",
      "Unread",
      "Owner: Stan Stale",
      "Not read yet",
    ])
      expect(header).toContain(text);
    expect(html).toContain('href="#reply-heading"');
  });

  it("shows Licence verified only while a valid check has not expired, and the form to record a check", () => {
    const check = {
      id: "c1",
      licenceType: "goldbod-aggregator",
      licenceNumber: "GB/AGG/0042",
      holder: "Kofi Gold Ltd",
      register: "goldbod",
      checkedOn: "2026-11-20",
      checkedBy: "Ada Admin",
      result: "valid" as const,
      expiresOn: "2027-03-31",
      notes: null,
    };
    const header = (page: string) => textOf(elementsOf(elementOf(page, "main", ""), "header")[0]!);
    expect(header(html)).not.toContain("Licence verified");
    const verified = render({
      ...lead(KOFI),
      licences: { checks: [check], verified: true, verifiedUntil: "2027-03-31" },
    });
    expect(header(verified)).toContain("Licence verified");
    const section = textOf(elementOf(verified, "section", 'aria-labelledby="licences-heading"'));
    expect(section).toContain(
      "GoldBod gold aggregator licence GB/AGG/0042, held by Kofi Gold Ltd: Valid, expires 2027-03-31.",
    );
    expect(section).toContain("by Ada Admin");
    const lapsed = render({
      ...lead(KOFI),
      licences: { checks: [check], verified: false, verifiedUntil: null },
    });
    expect(header(lapsed)).not.toContain("Licence verified");
    const form = elementOf(html, "form", 'aria-label="Record a licence check"');
    expect(attributesOf(form)).toMatchObject({
      method: "post",
      action: `/dashboard/inquiries/${KOFI.id}/licence-checks`,
    });
  });

  it("offers tap to call and WhatsApp on the lead's numbers, as digits", () => {
    const contact = elementOf(html, "div", 'aria-label="Contact the lead"');
    const links = elementsOf(contact, "a").map((link) => [textOf(link), attributesOf(link).href]);
    expect(links).toEqual([
      ["Call +44 (20) 7946-0000", "tel:+442079460000"],
      ["Call +233 24 123 4567", "tel:+233241234567"],
      ["WhatsApp (opens in a new tab)", "https://wa.me/233241234567"],
    ]);
    expect(attributesOf(elementsOf(contact, "a")[2]!).target).toBe("_blank");
  });

  it("has no call or chat links for a lead who left no number", () => {
    const esi = render(lead({ ...KOFI, id: ESI_ID, phone: null, whatsapp: null }));
    expect(elementsOf(elementOf(esi, "div", 'aria-label="Contact the lead"'), "a")).toEqual([]);
  });

  it("shows every stored value by its label", () => {
    const details = textOf(elementOf(html, "dl", 'class="contact-lines"'));
    expect(details).toContain("Equipment Rental");
    expect(details).toContain("$500,000 – $1 million");
    expect(details).not.toContain("equipment-rental");
    const channels = elementOf(formFor(html, "mark-replied"), "select", 'name="channel"');
    expect(elementsOf(channels, "option").map(textOf)).toEqual([
      "Email",
      "Phone",
      "WhatsApp",
      "Meeting",
      "Other",
    ]);
  });

  it("has the reply box as a plain POST form with the draft, the templates and the draft's own buttons", () => {
    const composer = elementOf(html, "form", 'aria-label="Reply composer"');
    expect(attributesOf(composer)).toMatchObject({
      method: "post",
      action: `/dashboard/inquiries/${KOFI_ID}`,
    });
    expect(composer).toContain(`<input type="hidden" name="id" value="${KOFI_ID}"/>`);
    expect(attributesOf(elementOf(composer, "input", 'name="subject"'))).toMatchObject({
      value: "Your inquiry",
    });
    expect(textOf(elementOf(composer, "textarea", 'name="body"'))).toBe("Dear Kofi, [[Your reply]]");
    expect(textOf(elementOf(composer, "select", 'name="template"'))).toContain("KYC document checklist");
    for (const intent of ["insert-template", "save-draft", "discard-draft"]) {
      const button = elementsOf(composer, "button").find((b) => b.includes(`value="${intent}"`))!;
      expect(attributesOf(button)).toMatchObject({ formAction: `/dashboard/inquiries/${KOFI_ID}/draft` });
    }
    expect(composer).toMatch(/<button [^>]*value="reply"[^>]*>Send reply<\/button>/);
  });

  it("keeps notes, status and owner in plain POST forms, each showing what is stored", () => {
    for (const intent of ["save-notes", "set-status", "assign", "take", "mark-replied"]) {
      const form = formFor(html, intent);
      expect(attributesOf(form)).toMatchObject({ method: "post", action: `/dashboard/inquiries/${KOFI_ID}` });
      expect(form).toContain(`<input type="hidden" name="id" value="${KOFI_ID}"/>`);
    }
    expect(textOf(elementOf(formFor(html, "save-notes"), "textarea", 'name="notes"'))).toBe(
      "Call back on Thursday.",
    );
    expect(textOf(formFor(html, "save-notes"))).toContain("Last edited by Ada Admin");
    expect(formFor(html, "set-status")).toMatch(/<option value="contacted" selected="">Contacted<\/option>/);
    expect(formFor(html, "assign")).toMatch(/<option value="admin-stan" selected="">Stan Stale<\/option>/);
  });

  it("offers Take it only when the viewer does not own the lead", () => {
    const own = render({ ...lead({ ...KOFI, assignedTo: "admin-ada", assignedToName: "Ada Admin" }) });
    expect(own).not.toContain('value="take"');
    expect(textOf(elementOf(own, "p", 'data-testid="owner"'))).toBe("Owner: Ada Admin");
  });

  it("says it marked the lead read on opening, with Mark as unread at hand", () => {
    const opened = render({
      ...lead({ ...KOFI, readAt: new Date(NOW), readByName: "Ada Admin" }),
      openedAsRead: true,
    });
    const state = elementOf(opened, "div", 'data-testid="read-state"');
    expect(textOf(state)).toBe("Marked as read when you opened itMark as unread");
    expect(state).toContain('value="mark-unread"');
  });

  it("threads WhatsApp beside mail, each marked by channel, with media, unknown types, delivery states and the reply window", () => {
    const base = {
      waId: "233201110001",
      profileName: "Kofi",
      mediaMimeType: null,
      mediaFilename: null,
      mediaKept: false,
      mediaNotKeptReason: null,
      mediaScan: null,
      mediaScanSignature: null,
      possibleInquiryIds: [],
      status: null,
      statusAt: null,
      errorCode: null,
      errorTitle: null,
      templateName: null,
      sentByName: null,
    };
    const html = render({
      ...lead({ ...KOFI, source: "whatsapp" }),
      whatsapp: {
        messages: [
          {
            ...base,
            id: "w1",
            direction: "in",
            type: "text",
            body: "Hello",
            sentAt: new Date(NOW - 7_200_000),
          },
          {
            ...base,
            id: "w2",
            direction: "in",
            type: "document",
            body: "",
            mediaMimeType: "application/pdf",
            mediaFilename: "licence.pdf",
            mediaKept: true,
            mediaScan: "clean",
            sentAt: new Date(NOW - 7_100_000),
            possibleInquiryIds: ["0f1e2d3c-0000-4000-8000-000000000000"],
          },
          {
            ...base,
            id: "w3",
            direction: "in",
            type: "location",
            body: "",
            sentAt: new Date(NOW - 7_000_000),
          },
          {
            ...base,
            id: "w4",
            direction: "out",
            type: "text",
            body: "Thank you",
            sentAt: new Date(NOW - 3_600_000),
            status: "failed",
            statusAt: new Date(NOW - 3_500_000),
            errorCode: 131047,
            errorTitle: "Re-engagement message",
            sentByName: "Ada Admin",
          },
        ],
        thread: { to: "233201110001", windowClosesAt: new Date(NOW + 3_600_000), wroteFirst: true },
        templates: [],
        health: { flagged: true, unauthorized: true, lastError: null, failingSince: new Date(NOW) },
      },
    });
    const entries = [...html.matchAll(/data-testid="whatsapp-message"/g)];
    expect(entries).toHaveLength(4);
    expect(html).toContain('data-testid="channel">WhatsApp</span>');
    const attachment = elementOf(html, "p", 'data-testid="whatsapp-attachment"');
    expect(textOf(attachment)).toBe("Document: licence.pdf (application/pdf)");
    expect(attachment).toContain(`href="/dashboard/inquiries/${KOFI_ID}/whatsapp-media/w2"`);
    expect(textOf(elementOf(html, "p", 'data-testid="whatsapp-unsupported"'))).toContain('"location"');
    expect(textOf(elementOf(html, "span", 'data-testid="whatsapp-status"'))).toMatch(
      /^Failed .* \(131047: Re-engagement message\)$/,
    );
    const ambiguous = textOf(elementOf(html, "div", 'data-testid="whatsapp-ambiguous"'));
    expect(ambiguous).toContain("VM-0F1E2D3C");
    expect(ambiguous).toContain("Move this message to VM-0F1E2D3C");
    expect(textOf(elementOf(html, "p", 'data-testid="whatsapp-window"'))).toMatch(
      /Free text can be sent until/,
    );
    expect(attributesOf(formFor(html, "whatsapp-text"))).toMatchObject({
      method: "post",
      action: `/dashboard/inquiries/${KOFI_ID}/whatsapp`,
    });
    const closed = render({
      ...lead(KOFI),
      whatsapp: {
        messages: [],
        thread: { to: "233201110001", windowClosesAt: new Date(NOW - 60_000), wroteFirst: true },
        templates: [
          { id: "t-1", name: "follow_up", language: "en_GB", body: "Hello {{1}}", parameters: ["Name"] },
        ],
        health: { flagged: false, unauthorized: false, lastError: null, failingSince: null },
      },
    });
    expect(closed).not.toContain('value="whatsapp-text"');
    expect(textOf(elementOf(closed, "p", 'data-testid="whatsapp-window"'))).toMatch(
      /only an approved template/,
    );
    expect(closed).toContain('value="whatsapp-template"');
    expect(closed).not.toContain('data-testid="whatsapp-health"');
    expect(textOf(elementOf(html, "p", 'data-testid="whatsapp-health"'))).toMatch(
      /Meta refused the access token/,
    );
  });
});
