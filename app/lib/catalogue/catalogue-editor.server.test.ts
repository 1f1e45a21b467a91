import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { equipmentItemChanges, equipmentItems } from "~db/schema";
import { createAccount } from "~db/seed/seed.server";
import { EquipmentItemSchema } from "~/forms/equipment-item";
import { parseForm } from "~/forms/parse-form";
import { listCataloguePage } from "~/lib/catalogue/catalogue.server";
import {
  createDeskItem,
  getDeskItem,
  listItemChanges,
  moveDeskItem,
  setDeskItemStatus,
} from "~/lib/catalogue/catalogue-editor.server";
import { editorValues, saveItemForm } from "~/routes/dashboard.equipment.server";
import { parseEnv } from "~/lib/env.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { createTestContext, createTestServices, TEST_ENV } from "../../../tests/support/test-context";

const machine = {
  name: "Volvo EC220E Excavator",
  category: "excavators",
  description: "A 22-tonne excavator for pit work.",
  features: "Tier 3 engine\n\nQuick coupler",
  specs: "Operating Weight: 22,000 kg\nBucket Capacity: 1.2 m³",
  image_alt: "Illustration of an excavator",
  availability: "available",
  day_rate_usd: "800",
  week_rate_usd: "4,800",
  month_rate_usd: "17000",
  hours_per_day: "8",
  minimum_hire_count: "1",
  minimum_hire_unit: "week",
  sale_price_usd: "",
  next_available_on: "2026-12-14",
  location: "Tarkwa",
  condition: "used",
  year: "2019",
  hour_meter: "6200",
  serial_number: "VCE-EC220E-0042",
};

function check(fields: Partial<typeof machine>) {
  return parseForm(EquipmentItemSchema, new URLSearchParams({ ...machine, ...fields }));
}

function errorsOf(fields: Partial<typeof machine>) {
  const result = check(fields);
  return result.ok ? {} : result.fieldErrors;
}

describe("the editor's rate card", () => {
  it("reads a valid machine: lines, specs with keys, numbers with commas", () => {
    const result = check({});
    expect(result.ok && result.data).toMatchObject({
      features: ["Tier 3 engine", "Quick coupler"],
      specs: [
        { key: "operatingWeight", label: "Operating Weight", value: "22,000 kg" },
        { key: "bucketCapacity", label: "Bucket Capacity", value: "1.2 m³" },
      ],
      week_rate_usd: 4800,
      sale_price_usd: null,
    });
  });

  it("refuses invalid rate cards, each with its field's message", () => {
    expect(errorsOf({ day_rate_usd: "" })).toEqual({
      day_rate_usd: "A machine offered for rent needs a day rate.",
      week_rate_usd: "Set the day rate first: the week and month rates are cheaper than the days they cover.",
    });
    expect(errorsOf({ week_rate_usd: "5600" })).toEqual({
      week_rate_usd: "The week rate must be less than seven days at the day rate ($5,600).",
    });
    expect(errorsOf({ week_rate_usd: "700" })).toEqual({
      week_rate_usd: "The week rate must be more than the day rate.",
    });
    expect(errorsOf({ month_rate_usd: "24000" })).toEqual({
      month_rate_usd: "The month rate must be less than 30 days at the day rate ($24,000).",
    });
    expect(errorsOf({ month_rate_usd: "4000" })).toEqual({
      month_rate_usd: "The month rate must be more than the week rate.",
    });
    expect(errorsOf({ day_rate_usd: "-5" })).toEqual({
      day_rate_usd: "The day rate must be a whole number from 1 to 50,000,000.",
    });
    expect(errorsOf({ day_rate_usd: "850.50" }).day_rate_usd).toMatch(/whole number/);
    expect(errorsOf({ availability: "sale-only", sale_price_usd: "90000" })).toEqual({
      day_rate_usd: "A machine for sale only has no rental rates: clear them, or change its availability.",
    });
    expect(errorsOf({ availability: "rental-only", sale_price_usd: "90000" })).toEqual({
      sale_price_usd: "A machine for rent only has no sale price: clear it, or change its availability.",
    });
    expect(errorsOf({ hours_per_day: "25", minimum_hire_unit: "fortnight" })).toEqual({
      hours_per_day: "The hours a day must be a whole number from 1 to 24.",
      minimum_hire_unit: "Choose days, weeks or months.",
    });
    expect(errorsOf({ specs: "Weight 22 t" })).toEqual({ specs: "Write “Weight 22 t” as Label: value." });
  });
});

describe.each(testBackends)("the catalogue editor on %s", (backend) => {
  const database = useTestDatabase(backend);
  /** The whole published catalogue in the team's order, as the public pages page it. */
  const listPublished = async () =>
    (await listCataloguePage(database.db, {}, { page: 1, pageSize: 1_000 })).items;
  let adminId = "";
  beforeAll(async () => {
    adminId = await createAccount(database.db, parseEnv({ ...TEST_ENV }), {
      name: "Ada Admin",
      email: "ada.catalogue@example.test",
      password: "amber-quarry-k7q2m9xw4r-lantern-vesper",
      admin: true,
    });
  });

  it("saves nothing when a field is wrong, and answers with each field's message", async () => {
    const context = createTestContext(createTestServices(database));
    const before = await getDeskItem(database.db, "cat-320-excavator");
    const form = new URLSearchParams({
      ...editorValues(before!),
      day_rate_usd: "850",
      week_rate_usd: "9000",
      name: "",
    });
    const result = await saveItemForm(context, toFormData(form), adminId, "cat-320-excavator");
    expect(result).not.toBeInstanceOf(Response);
    const refused = result as Exclude<typeof result, Response>;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({
      name: "Give the machine a name.",
      week_rate_usd: "The week rate must be less than seven days at the day rate ($5,950).",
    });
    expect(await getDeskItem(database.db, "cat-320-excavator")).toEqual(before);
    expect(await database.db.$count(equipmentItemChanges)).toBe(0);
  });

  it("records each changed field with from, to, who and when; the site shows the new rate at once", async () => {
    const context = createTestContext(createTestServices(database));
    const before = await getDeskItem(database.db, "cat-320-excavator");
    const form = new URLSearchParams({ ...editorValues(before!), day_rate_usd: "900", location: "Obuasi" });
    const result = await saveItemForm(context, toFormData(form), adminId, "cat-320-excavator");
    expect(result).toBeInstanceOf(Response);
    const history = await listItemChanges(database.db, "cat-320-excavator");
    expect(history.map(({ field, from, to, by }) => ({ field, from, to, by }))).toEqual(
      expect.arrayContaining([
        { field: "day_rate_usd", from: "850", to: "900", by: "Ada Admin" },
        { field: "location", from: null, to: "Obuasi", by: "Ada Admin" },
      ]),
    );
    expect(history).toHaveLength(2);
    const shown = (await listPublished()).find((item) => item.id === "cat-320-excavator");
    expect(shown?.rentalPrice).toBe("$900/day");
  });

  it("creates a draft at the end, publishes it onto the site, and moves it up", async () => {
    const result = check({});
    if (!result.ok) throw new Error("the machine should be valid");
    const id = await createDeskItem(database.db, result.data, adminId);
    expect(id).toBe("volvo-ec220e-excavator");
    expect((await listPublished()).map((item) => item.id)).not.toContain(id);
    await setDeskItemStatus(database.db, id, "published", adminId);
    const published = await listPublished();
    expect(published.at(-1)).toMatchObject({ id, rentalPrice: "$800/day", salePrice: "Contact for Price" });
    expect(JSON.stringify(published)).not.toContain("VCE-EC220E-0042");
    await moveDeskItem(database.db, id, "up", adminId);
    const order = (await listPublished()).map((item) => item.id);
    expect(order.indexOf(id)).toBe(order.length - 2);
    expect((await listItemChanges(database.db, id)).map((change) => change.field).sort()).toEqual([
      "created",
      "position",
      "status",
    ]);
    await database.db.delete(equipmentItems).where(eq(equipmentItems.id, id));
  });
});

function toFormData(params: URLSearchParams): FormData {
  const form = new FormData();
  for (const [name, value] of params) form.set(name, value);
  return form;
}
