import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { equipmentItems as equipmentTable } from "~db/schema";
import { equipmentItems } from "~/content/equipment";
import { prerenderedPaths } from "~/content/prerender";
import { demoCatalogueItems, insertCatalogueItems } from "~db/seed/seed-catalogue.server";
import { findPublishedItem, listCataloguePage } from "~/lib/catalogue/catalogue.server";
import type { EquipmentFilters, EquipmentSort } from "~/content/equipment-filters";
import { loader as catalogueLoader } from "~/routes/equipment";
import { loader as itemLoader } from "~/routes/equipment.detail";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { createTestContext, createTestServices } from "../../../tests/support/test-context";

/** The loader's arguments for a GET of `path`; the loaders read only request, params and context. */
function loaderArgs(database: Parameters<typeof createTestServices>[0], path: string, id = "") {
  const context = createTestContext(createTestServices(database));
  return { request: new Request(`http://127.0.0.1${path}`), params: { id }, context } as never;
}

describe("the catalogue's pages are rendered on each request, never prerendered", () => {
  it("leaves /equipment and every item page out of the build's files", () => {
    expect(prerenderedPaths.filter((path) => path.startsWith("/equipment"))).toEqual([]);
  });
});

describe.each(testBackends)("the catalogue in the database on %s", (backend) => {
  const database = useTestDatabase(backend);
  /** The whole published catalogue in the team's order, as the public pages page it. */
  const listPublished = async () =>
    (await listCataloguePage(database.db, {}, { page: 1, pageSize: 1_000 })).items;

  it("is seeded with the six shipped items, published in their order, exactly as the content had them", async () => {
    const items = await listPublished();
    expect(items.map((item) => item.id)).toEqual(equipmentItems.map((item) => item.id));
    for (const [index, shipped] of equipmentItems.entries()) {
      expect(items[index]).toMatchObject({
        ...shipped,
        specs: [...shipped.specs],
        features: [...shipped.features],
      });
    }
    const washPlant = items.find((item) => item.id === "gold-wash-plant-150tph");
    expect(washPlant?.rateCard.minimumHire).toEqual({ count: 1, unit: "month" });
    expect(items.find((item) => item.id === "cat-320-excavator")?.rateCard.minimumHire).toEqual({
      count: 1,
      unit: "week",
    });
  });

  it("shows a published change on the next request, and hides a draft and its page", async () => {
    const id = "cat-320-excavator";
    await database.db.update(equipmentTable).set({ day_rate_usd: 900 }).where(eq(equipmentTable.id, id));
    const page = await catalogueLoader(loaderArgs(database, "/equipment?q=cat+320"));
    expect(page.items.map((item) => item.rentalPrice)).toEqual(["$900/day"]);
    expect(page.total).toBe(6);

    await database.db.update(equipmentTable).set({ status: "draft" }).where(eq(equipmentTable.id, id));
    const after = await catalogueLoader(loaderArgs(database, "/equipment"));
    expect(after.items.map((item) => item.id)).not.toContain(id);
    expect(after.total).toBe(5);
    await expect(itemLoader(loaderArgs(database, `/equipment/${id}`, id))).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect(await findPublishedItem(database.db, id)).toBeNull();
  });

  it("shows the spec's six items on one page, and a large catalogue in pages that keep the filters", async () => {
    await database.db.update(equipmentTable).set({ status: "published" });
    const six = await catalogueLoader(loaderArgs(database, "/equipment"));
    expect(six).toMatchObject({ total: 6, matching: 6, page: 1, pages: 1 });
    expect(six.items).toHaveLength(6);

    await insertCatalogueItems(database.db, demoCatalogueItems(194));
    const first = await catalogueLoader(loaderArgs(database, "/equipment"));
    expect(first).toMatchObject({ total: 200, matching: 200, page: 1, pages: 9 });
    expect(first.items).toHaveLength(24);
    const last = await catalogueLoader(loaderArgs(database, "/equipment?page=9"));
    expect(last.items).toHaveLength(200 - 8 * 24);
    // Out of range: the last page; nonsense: the first.
    expect((await catalogueLoader(loaderArgs(database, "/equipment?page=99"))).page).toBe(9);
    expect((await catalogueLoader(loaderArgs(database, "/equipment?page=-1"))).page).toBe(1);
    const washPlants = await catalogueLoader(loaderArgs(database, "/equipment?category=wash-plants&page=2"));
    expect(washPlants.items.every((item) => item.category === "wash-plants")).toBe(true);
    expect(washPlants).toMatchObject({ page: 2, pages: Math.ceil(washPlants.matching / 24) });
  });

  it("never gives a public page the serial number", async () => {
    const id = "komatsu-d65px-bulldozer";
    await database.db
      .update(equipmentTable)
      .set({ serial_number: "KMT-SECRET-42" })
      .where(eq(equipmentTable.id, id));
    const { item } = await itemLoader(loaderArgs(database, `/equipment/${id}`, id));
    expect(JSON.stringify(item)).not.toContain("KMT-SECRET-42");
  });
});

describe.each(testBackends)("the spec's filters, in the database on %s", (backend) => {
  const database = useTestDatabase(backend);

  const ids = async (query: EquipmentFilters & { sort?: EquipmentSort }) =>
    (await listCataloguePage(database.db, query, { page: 1, pageSize: 24 })).items.map((item) => item.id);

  it("returns every item with default filters", async () => {
    expect(await ids({})).toHaveLength(6);
    expect(await ids({ q: "", category: "all", availability: "all" })).toHaveLength(6);
  });

  it("matches the search text case-insensitively on the name and the description", async () => {
    expect(await ids({ q: "cat 336" })).toEqual(["cat-336-large-excavator"]);
    expect(await ids({ q: "TROMMEL" })).toEqual(["portable-gold-trommel-50tph"]);
    expect(await ids({ q: "RAINY SEASON" })).toEqual(["komatsu-d65px-bulldozer"]);
  });

  it("ignores the case of letters beyond ASCII, and reads % and _ as plain characters", async () => {
    await database.db
      .update(equipmentTable)
      .set({ name: "Élan 100% Duty Trommel" })
      .where(eq(equipmentTable.id, "portable-gold-trommel-50tph"));
    expect(await ids({ q: "éLAN" })).toEqual(["portable-gold-trommel-50tph"]);
    expect(await ids({ q: "100%" })).toEqual(["portable-gold-trommel-50tph"]);
    expect(await ids({ q: "0%d" })).toEqual([]);
    expect(await ids({ q: "_" })).toEqual([]);
  });

  it("filters by exact category and availability, and combines all three", async () => {
    expect(await ids({ category: "wash-plants" })).toEqual([
      "gold-wash-plant-150tph",
      "portable-gold-trommel-50tph",
    ]);
    expect(await ids({ availability: "sale-only" })).toEqual(["cat-336-large-excavator"]);
    expect(await ids({ q: "cat", category: "excavators", availability: "available" })).toEqual([
      "cat-320-excavator",
    ]);
    expect(await ids({ q: "trommel", category: "bulldozers", availability: "all" })).toEqual([]);
    expect(await ids({ q: "helicopter" })).toEqual([]);
  });

  it("sorts only what matches, and pages the sorted list", async () => {
    expect(await ids({ category: "excavators", sort: "sale-price" })).toEqual([
      "cat-320-excavator",
      "cat-336-large-excavator",
    ]);
    await insertCatalogueItems(database.db, demoCatalogueItems(44));
    const second = await listCataloguePage(database.db, { sort: "name" }, { page: 2, pageSize: 24 });
    const all = await listCataloguePage(database.db, { sort: "name" }, { page: 1, pageSize: 100 });
    expect(second).toMatchObject({ total: 50, matching: 50, page: 2, pages: 3 });
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(24, 48).map((item) => item.id));
  });
});
