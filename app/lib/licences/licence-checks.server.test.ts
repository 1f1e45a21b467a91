import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, jobs, licenceChecks, privacyErasures, user } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { LicenceCheckSchema } from "~/forms/licence-checks";
import { parseForm } from "~/forms/parse-form";
import {
  countLicenceFigures,
  loadInquiryLicenceChecks,
  recordLicenceCheck,
  verifiesLicenceOn,
} from "~/lib/licences/licence-checks.server";
import { remindExpiringLicences } from "~/lib/licences/licence-reminders.server";
import { erasePersonalData, findPersonalData } from "~/lib/privacy/personal-data.server";
import { londonDate } from "~/lib/uk-time";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const INQUIRY_ID = "6b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
const today = londonDate(new Date());
const VALID_FIELDS = {
  intent: "licence-check",
  id: INQUIRY_ID,
  licenceType: "goldbod-aggregator",
  licenceNumber: "GB/AGG/0042",
  holder: "Kwame Mensah Gold Ltd",
  register: "goldbod",
  checkedOn: today,
  result: "valid",
  expiresOn: "2027-03-31",
  notes: "",
};

describe("the licence check form", () => {
  it("takes a complete check", () => {
    const parsed = parseForm(LicenceCheckSchema, form(VALID_FIELDS));
    expect(parsed.ok).toBe(true);
  });

  it("gives one clear message per wrong field", () => {
    const parsed = parseForm(
      LicenceCheckSchema,
      form({
        ...VALID_FIELDS,
        licenceType: "export-permit",
        licenceNumber: " ",
        holder: "x".repeat(201),
        checkedOn: "2026-02-30",
        result: "maybe",
        expiresOn: "tomorrow",
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      licenceType: "Choose the type of licence.",
      licenceNumber: "Enter the licence number as the register shows it.",
      holder: "Keep the holder's name to 200 characters.",
      checkedOn: "Enter a real date.",
      result: "Choose what the register showed.",
      expiresOn: "Enter the date as YYYY-MM-DD.",
    });
  });

  it("asks for the register the licence type is published on, and an expiry for a valid licence", () => {
    const parsed = parseForm(
      LicenceCheckSchema,
      form({ ...VALID_FIELDS, register: "minerals-commission", expiresOn: "" }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.register).toBe(
      "GoldBod gold aggregator licence: checked with GoldBod (the Ghana Gold Board), through its Licence and Regulatory Unit.",
    );
    expect(parsed.fieldErrors.expiresOn).toMatch(/expiry date/);
  });

  it("refuses a check dated in the future and a valid licence that expired before it was checked", () => {
    const parsed = parseForm(
      LicenceCheckSchema,
      form({ ...VALID_FIELDS, checkedOn: "2099-01-02", expiresOn: "2099-01-01" }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.checkedOn).toBe("The date checked cannot be in the future.");
    expect(parsed.fieldErrors.expiresOn).toMatch(/record it as expired/);
  });

  it("strips control characters from the one-line fields", () => {
    const parsed = parseForm(
      LicenceCheckSchema,
      form({ ...VALID_FIELDS, licenceNumber: "GB/\u202eAGG\n/0042", holder: "Kwame\u0000 Mensah" }),
    );
    expect(parsed.ok && parsed.data).toMatchObject({ licenceNumber: "GB/AGG /0042", holder: "Kwame Mensah" });
  });
});

describe("the licence badge at its boundary", () => {
  it("verifies through the expiry date, and not the day after", () => {
    const check = { result: "valid", expiresOn: "2027-03-31" };
    expect(verifiesLicenceOn(check, "2027-03-30")).toBe(true);
    expect(verifiesLicenceOn(check, "2027-03-31")).toBe(true);
    expect(verifiesLicenceOn(check, "2027-04-01")).toBe(false);
    expect(verifiesLicenceOn({ result: "mismatch", expiresOn: "2027-03-31" }, "2027-03-30")).toBe(false);
    expect(verifiesLicenceOn({ result: "valid", expiresOn: null }, "2027-03-30")).toBe(false);
  });
});

describe.each(testBackends)("licence checks on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    inquiryEvents,
    licenceChecks,
    contactSubmissions,
    privacyErasures,
    user,
  ]);

  const setUp = async () => {
    const adminId = crypto.randomUUID();
    await database.db.insert(user).values({ id: adminId, name: "Abena Admin", email: "abena@example.test" });
    await database.db.insert(contactSubmissions).values({
      id: INQUIRY_ID,
      name: "Kwame Mensah",
      email: "kwame@example.test",
      message: "Gold from our aggregator licence.",
    });
    return adminId;
  };
  const record = (adminId: string, fields: Partial<typeof VALID_FIELDS> = {}) => {
    const parsed = parseForm(LicenceCheckSchema, form({ ...VALID_FIELDS, ...fields }));
    if (!parsed.ok) throw new Error(parsed.first);
    const { intent: _intent, id, ...input } = parsed.data;
    return recordLicenceCheck(database.db, { ...input, inquiryId: id, actorId: adminId });
  };

  it("records a check with who made it, lists it and verifies the licence until it expires", async () => {
    const adminId = await setUp();
    await record(adminId, { result: "not-found", expiresOn: "" });
    await record(adminId);
    const shown = await loadInquiryLicenceChecks(database.db, INQUIRY_ID, "2027-03-31");
    expect(shown.verified).toBe(true);
    expect(shown.verifiedUntil).toBe("2027-03-31");
    expect(shown.checks).toHaveLength(2);
    expect(shown.checks.map((check) => check.result).sort()).toEqual(["not-found", "valid"]);
    expect(shown.checks[0]).toMatchObject({
      checkedBy: "Abena Admin",
      register: "goldbod",
      checkedOn: today,
    });
    expect((await loadInquiryLicenceChecks(database.db, INQUIRY_ID, "2027-04-01")).verified).toBe(false);
    expect(await countLicenceFigures(database.db, "2027-03-01")).toEqual({
      verified: 1,
      expiring: 1,
      withinDays: 30,
    });
    expect(await countLicenceFigures(database.db, "2027-02-28")).toMatchObject({ verified: 1, expiring: 0 });
    expect(await countLicenceFigures(database.db, "2027-04-01")).toMatchObject({ verified: 0, expiring: 0 });
    const events = await database.db
      .select()
      .from(inquiryEvents)
      .where(eq(inquiryEvents.kind, "licence-checked"));
    expect(events).toHaveLength(2);
    expect(events[0]!.actor_id).toBe(adminId);
  });

  it("a newer mismatch or failed check of a licence overrides an older valid one", async () => {
    const adminId = await setUp();
    await record(adminId, { checkedOn: "2026-11-02" });
    await record(adminId, {
      checkedOn: "2026-11-20",
      licenceNumber: "gb/agg/0042 ",
      result: "mismatch",
      expiresOn: "",
    });
    const shown = await loadInquiryLicenceChecks(database.db, INQUIRY_ID, "2026-12-01");
    expect(shown).toMatchObject({ verified: false, verifiedUntil: null });
    expect(await countLicenceFigures(database.db, "2027-03-01")).toMatchObject({ verified: 0, expiring: 0 });
    expect(
      await remindExpiringLicences(database.db, {
        now: new Date("2027-03-15T09:00:00Z"),
        siteUrl: "https://site.test",
        adminEmails: ["desk@example.test"],
      }),
    ).toBe(0);

    // Another licence of the lead, valid on its latest check, still verifies.
    await record(adminId, {
      checkedOn: "2026-11-21",
      licenceNumber: "ML/2026/17",
      licenceType: "mining-lease",
      register: "minerals-commission",
    });
    expect((await loadInquiryLicenceChecks(database.db, INQUIRY_ID, "2026-12-01")).verified).toBe(true);
  });

  it("exports the checks with the inquiry, erases them with it and forgets the admin who checked", async () => {
    const adminId = await setUp();
    await record(adminId);
    const found = await findPersonalData(database.db, "kwame@example.test");
    expect(found.parts.licenceChecks).toMatchObject([
      { licenceNumber: "GB/AGG/0042", holder: "Kwame Mensah Gold Ltd", result: "valid" },
    ]);
    await erasePersonalData(database.db, "abena@example.test", "account", {
      erasedBy: "self",
      kind: "account-deletion",
    });
    const [kept] = await database.db.select().from(licenceChecks);
    expect(kept!.checked_by).toBeNull();
    const counts = await erasePersonalData(database.db, "kwame@example.test", "all", {
      erasedBy: "admin-1",
      kind: "rights-request",
    });
    expect(counts.licence_checks).toBe(1);
    expect(await database.db.$count(licenceChecks)).toBe(0);
  });
});
