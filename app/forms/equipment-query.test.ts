import { describe, expect, it } from "vitest";
import { parseEquipmentQuery } from "~/forms/equipment-query";

const parse = (query: string) => parseEquipmentQuery(new URLSearchParams(query));

describe("parseEquipmentQuery", () => {
  it("defaults to everything", () => {
    expect(parse("")).toEqual({ q: "", category: "all", availability: "all", sort: undefined });
  });

  it("reads valid filters and sorting", () => {
    expect(parse("q=%20CAT%20&category=excavators&availability=sale-only&sort=sale-price")).toEqual({
      q: "CAT",
      category: "excavators",
      availability: "sale-only",
      sort: "sale-price",
    });
  });

  it("falls back to the defaults for values outside the allowed sets", () => {
    expect(parse("category=tractors&availability=free&sort=colour")).toEqual({
      q: "",
      category: "all",
      availability: "all",
      sort: undefined,
    });
  });

  it("ignores an overlong search instead of failing", () => {
    expect(parse(`q=${"x".repeat(101)}`).q).toBe("");
  });
});
