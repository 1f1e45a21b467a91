import { describe, expect, it } from "vitest";
import { replaceOrigin } from "./prerender-origin";
import { chooseEncoding } from "./static-variants";

describe("chooseEncoding", () => {
  it.each<[string | undefined, string]>([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.4", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["deflate", "identity"],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("replaceOrigin", () => {
  it("replaces whole origins only", () => {
    const page =
      '<link rel="canonical" href="http://localhost:3000/about"/>' +
      '{"url":"http://localhost:3000"} http://localhost:30001/x http://localhost:3000.evil.test';
    expect(replaceOrigin(page, "http://localhost:3000", "https://www.example.com")).toBe(
      '<link rel="canonical" href="https://www.example.com/about"/>' +
        '{"url":"https://www.example.com"} http://localhost:30001/x http://localhost:3000.evil.test',
    );
  });

  it("inserts the new origin literally, whatever it contains", () => {
    expect(replaceOrigin("a http://a.test b", "http://a.test", "https://x.test/$&")).toBe(
      "a https://x.test/$& b",
    );
  });
});
