import { describe, expect, it } from "vitest";
import { browserLanguage } from "~/forms/browser-language";

describe("the visitor's browser language", () => {
  it("is the first language, by weight, as its primary subtag", () => {
    expect(browserLanguage("en-GB,en;q=0.9,fr;q=0.8")).toBe("en");
    expect(browserLanguage("fr-CI, en;q=0.5")).toBe("fr");
    expect(browserLanguage("de;q=0.3, tw;q=0.9, en;q=0.9")).toBe("tw");
    expect(browserLanguage("ZH-Hant-TW")).toBe("zh");
  });

  it("is null for nothing usable, and never more than a language", () => {
    for (const header of [null, "", "*", "en;q=0", "12", "en_GB", "<script>", "e", "english"])
      expect(browserLanguage(header), String(header)).toBeNull();
    expect(browserLanguage("*, es;q=0.4")).toBe("es");
    expect(browserLanguage("xx;q=abc, pt")).toBe("xx");
    // A header as long as a hostile client likes: read to a bound, answered at once.
    expect(browserLanguage(`${"x-".repeat(100_000)}en`)).toBeNull();
    expect(browserLanguage(`ak,${",".repeat(100_000)}`)).toBe("ak");
  });
});
