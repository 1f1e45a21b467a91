import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, equipmentRequests, jobs } from "~db/schema";
import { equipmentRequestSchema, type RequestedMachine } from "~/forms/equipment-request";
import { parseForm } from "~/forms/parse-form";
import { findPublishedItem } from "~/lib/catalogue/catalogue.server";
import { equipmentRequestIntake } from "~/lib/catalogue/equipment-request.server";
import { countRequestsByMachine } from "~/lib/catalogue/catalogue-reports.server";
import { estimateRental } from "~/lib/catalogue/hire-period";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { CONTACT_FORM_PURPOSE, type ContactConfig, handleInquirySubmission } from "~/routes/contact.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { createTestContext, createTestServices } from "../../../tests/support/test-context";

const TODAY = "2026-12-01";
const excavator: RequestedMachine = {
  name: "CAT 320 Excavator",
  availability: "available",
  rateCard: { minimumHire: { count: 1, unit: "week" } },
};
const washPlant: RequestedMachine = {
  name: "Gold Wash Plant 150TPH",
  availability: "rental-only",
  rateCard: { minimumHire: { count: 1, unit: "month" } },
};
const contact = { name: "Kofi Boateng", company: "", email: "kofi@example.test", phone: "", whatsapp: "" };

function check(machine: RequestedMachine, fields: Record<string, string>) {
  const form = new URLSearchParams({ site_location: "", notes: "", ...contact, ...fields });
  return parseForm(equipmentRequestSchema(machine, TODAY), form);
}

describe("a rental request's dates", () => {
  it("refuses a range shorter than a week's minimum hire, naming the earliest end date", () => {
    const result = check(excavator, { kind: "rent", start_on: "2026-12-02", end_on: "2026-12-07" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors).toEqual({
      end_on:
        "The minimum hire of the CAT 320 Excavator is one week: choose an end date on or after 8 December 2026.",
    });
    expect(check(excavator, { kind: "rent", start_on: "2026-12-02", end_on: "2026-12-08" }).ok).toBe(true);
  });

  it("refuses a range shorter than a wash plant's month", () => {
    const result = check(washPlant, { kind: "rent", start_on: "2027-01-15", end_on: "2027-02-13" });
    expect(!result.ok && result.fieldErrors.end_on).toBe(
      "The minimum hire of the Gold Wash Plant 150TPH is one month: choose an end date on or after 14 February 2027.",
    );
    expect(check(washPlant, { kind: "rent", start_on: "2027-01-15", end_on: "2027-02-14" }).ok).toBe(true);
  });

  it("refuses an end before the start, a start in the past, missing and impossible dates", () => {
    const backwards = check(excavator, { kind: "rent", start_on: "2026-12-10", end_on: "2026-12-09" });
    expect(!backwards.ok && backwards.fieldErrors.end_on).toBe(
      "The end date must be on or after the start date.",
    );
    const past = check(excavator, { kind: "rent", start_on: "2026-11-30", end_on: "2026-12-30" });
    expect(!past.ok && past.fieldErrors.start_on).toBe("The start date cannot be in the past.");
    const missing = check(excavator, { kind: "rent", start_on: "", end_on: "" });
    expect(!missing.ok && missing.fieldErrors).toEqual({
      start_on: "Please choose a start date.",
      end_on: "Please choose an end date.",
    });
    const impossible = check(excavator, { kind: "rent", start_on: "2026-02-30", end_on: "2026-13-01" });
    expect(!impossible.ok && impossible.fieldErrors.start_on).toBe(
      "Enter the date as a calendar date, e.g. 2026-12-01.",
    );
  });

  it("refuses what the machine is not offered for, and needs no dates to buy", () => {
    const rentSaleOnly = check(
      { ...excavator, availability: "sale-only" },
      { kind: "rent", start_on: "", end_on: "" },
    );
    expect(!rentSaleOnly.ok && rentSaleOnly.fieldErrors.kind).toBe("The CAT 320 Excavator is for sale only.");
    const buyRentalOnly = check(washPlant, { kind: "buy", start_on: "", end_on: "" });
    expect(!buyRentalOnly.ok && buyRentalOnly.fieldErrors.kind).toBe(
      "The Gold Wash Plant 150TPH is for rent only.",
    );
    expect(check(excavator, { kind: "buy", start_on: "", end_on: "" }).ok).toBe(true);
  });
});

describe("the estimate from the rate card", () => {
  const card = { dayRateUsd: 850, weekRateUsd: 5000, monthRateUsd: 18000, hoursPerDay: 8 };
  const minimumHire = { count: 1, unit: "week" } as const;

  it("counts months, weeks and days at their rates, and never more than the days at the day rate", () => {
    expect(estimateRental({ ...card, minimumHire }, 7)).toBe(5000);
    expect(estimateRental({ ...card, minimumHire }, 9)).toBe(5000 + 2 * 850);
    expect(estimateRental({ ...card, minimumHire }, 30 + 7 + 1)).toBe(18000 + 5000 + 850);
    expect(estimateRental({ ...card, weekRateUsd: null, monthRateUsd: null, minimumHire }, 14)).toBe(
      14 * 850,
    );
    expect(estimateRental({ ...card, weekRateUsd: 9000, minimumHire }, 7)).toBe(7 * 850);
    expect(estimateRental({ ...card, dayRateUsd: null, minimumHire }, 7)).toBeNull();
  });
});

const SECRET = "equipment-request-test-secret-0123456789";
const config: ContactConfig = {
  rateLimit: null,
  acknowledge: true,
  adminEmails: ["owner@example.test"],
  siteUrl: "https://site.example.test",
  secret: SECRET,
  minFillMs: 0,
  replyFrom: "no-reply@site.example.test",
};

describe.each(testBackends)("a rental request sent from an item's page on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, equipmentRequests, contactSubmissions]);

  async function send(fields: Record<string, string>) {
    const item = (await findPublishedItem(database.db, "cat-320-excavator"))!;
    const body = new URLSearchParams({ site_location: "", notes: "", ...contact, ...fields });
    body.set(FORM_TOKEN_FIELD, issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 10_000));
    const request = new Request("http://localhost/equipment/cat-320-excavator", { method: "POST", body });
    const context = createTestContext(createTestServices(database));
    return handleInquirySubmission(context, request, equipmentRequestIntake(item, TODAY), config);
  }

  it("becomes an inquiry with the machine, the dates and the estimate, and the visitor is told it is an estimate", async () => {
    const result = await send({
      kind: "rent",
      start_on: "2026-12-07",
      end_on: "2026-12-20",
      site_location: "Tarkwa, Western Region",
      notes: "We need it delivered.",
    });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/equipment/cat-320-excavator#inquiry-sent");
    const [inquiry] = await database.db.select().from(contactSubmissions);
    expect(inquiry?.interest).toBe("equipment-rental");
    expect(inquiry?.message).toBe(
      [
        "Rental request: CAT 320 Excavator (/equipment/cat-320-excavator)",
        "Dates: 7 December 2026 to 20 December 2026 (14 days)",
        "Estimate shown: $11,900 (from the rate card, not a quote)",
        "Site: Tarkwa, Western Region",
        "",
        "We need it delivered.",
      ].join("\n"),
    );
    const [request] = await database.db
      .select()
      .from(equipmentRequests)
      .where(eq(equipmentRequests.inquiry_id, inquiry!.id));
    expect(request).toMatchObject({
      item_id: "cat-320-excavator",
      kind: "rent",
      start_on: "2026-12-07",
      end_on: "2026-12-20",
      estimate_usd: 11_900,
    });
    // The desk's count per machine; a request filed as spam does not count.
    expect(await countRequestsByMachine(database.db)).toEqual(new Map([["cat-320-excavator", 1]]));
    await database.db.update(contactSubmissions).set({ is_spam: true });
    expect(await countRequestsByMachine(database.db)).toEqual(new Map());
  });

  it("stores nothing when the range is shorter than the minimum hire, and says why", async () => {
    const result = await send({ kind: "rent", start_on: "2026-12-07", end_on: "2026-12-10" });
    expect(result).not.toBeInstanceOf(Response);
    const refused = result as Exclude<typeof result, Response>;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors.end_on).toMatch(/^The minimum hire of the CAT 320 Excavator is one week/);
    expect(await database.db.$count(contactSubmissions)).toBe(0);
    expect(await database.db.$count(equipmentRequests)).toBe(0);
  });
});
