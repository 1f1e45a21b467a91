import { describe, expect, it } from "vitest";
import {
  equipmentItems,
  getAvailabilityLabel,
  getRentalPricePerDay,
  getSalePriceAmount,
  parsePriceAmount,
} from "~/content/equipment";
import { sortEquipment } from "~/content/equipment-filters";

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe("equipment catalogue data", () => {
  it("holds the six catalogue items with unique kebab-case ids", () => {
    expect(equipmentItems).toHaveLength(6);
    const all = ids(equipmentItems);
    expect(new Set(all).size).toBe(6);
    for (const id of all) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("gives every item 4 to 7 features and an image under /images/equipment", () => {
    for (const item of equipmentItems) {
      expect(item.features.length).toBeGreaterThanOrEqual(4);
      expect(item.features.length).toBeLessThanOrEqual(7);
      expect(item.image).toBe(`/images/equipment/${item.id}.svg`);
    }
  });
});

describe("getAvailabilityLabel", () => {
  it("maps known values and falls back to Contact Us", () => {
    expect(getAvailabilityLabel("available")).toBe("Available");
    expect(getAvailabilityLabel("rental-only")).toBe("Rental Only");
    expect(getAvailabilityLabel("sale-only")).toBe("Sale Only");
    expect(getAvailabilityLabel("reserved")).toBe("Contact Us");
    expect(getAvailabilityLabel("")).toBe("Contact Us");
  });
});

describe("price parsing", () => {
  it("reads dollar amounts and returns null for non-numeric texts", () => {
    expect(parsePriceAmount("$2,500/day")).toBe(2500);
    expect(parsePriceAmount("$185,000")).toBe(185000);
    expect(parsePriceAmount("N/A")).toBeNull();
    expect(parsePriceAmount("Contact for Price")).toBeNull();
  });

  it("derives per-day rental and sale amounts from items", () => {
    expect(getRentalPricePerDay({ rentalPrice: "$850/day" })).toBe(850);
    expect(getRentalPricePerDay({ rentalPrice: "N/A" })).toBeNull();
    expect(getSalePriceAmount({ salePrice: "$320,000" })).toBe(320000);
    expect(getSalePriceAmount({ salePrice: "Contact for Price" })).toBeNull();
  });
});

describe("sortEquipment", () => {
  it("sorts by name without mutating the input", () => {
    const before = ids(equipmentItems);
    const sorted = ids(sortEquipment(equipmentItems, "name"));
    expect(sorted).toEqual([
      "cat-320-excavator",
      "cat-336-large-excavator",
      "gold-wash-plant-150tph",
      "john-deere-850k-crawler-dozer",
      "komatsu-d65px-bulldozer",
      "portable-gold-trommel-50tph",
    ]);
    expect(ids(equipmentItems)).toEqual(before);
  });

  it("sorts by rental price with N/A last", () => {
    expect(ids(sortEquipment(equipmentItems, "rental-price"))).toEqual([
      "cat-320-excavator",
      "komatsu-d65px-bulldozer",
      "john-deere-850k-crawler-dozer",
      "portable-gold-trommel-50tph",
      "gold-wash-plant-150tph",
      "cat-336-large-excavator",
    ]);
  });

  it("sorts by sale price with Contact for Price last", () => {
    expect(ids(sortEquipment(equipmentItems, "sale-price"))).toEqual([
      "cat-320-excavator",
      "komatsu-d65px-bulldozer",
      "cat-336-large-excavator",
      "john-deere-850k-crawler-dozer",
      "portable-gold-trommel-50tph",
      "gold-wash-plant-150tph",
    ]);
  });
});
