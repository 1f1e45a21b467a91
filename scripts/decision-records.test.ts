import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.join(import.meta.dirname, "..", "docs", "decisions");
const records = fs.readdirSync(folder).filter((name) => name.endsWith(".md"));

/** Every decision record says whether it still holds and when it was taken. */
describe("decision records", () => {
  it("are numbered once each", () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(numbers.every((number) => /^\d{3}$/.test(number))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)("%s has a status, a date, a context, a decision and consequences", (name) => {
    const text = fs.readFileSync(path.join(folder, name), "utf8");
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings.slice(0, 2)).toEqual(["Status", "Date"]);
    expect(headings).toEqual(expect.arrayContaining(["Context", "Decision", "Consequences"]));
    expect(/^## Status\n\n(Accepted|Superseded by \d{3}|Accepted, amended by [\d, and]+)/m.test(text)).toBe(
      true,
    );
    expect(/^## Date\n\n\d{4}-\d{2}-\d{2}$/m.test(text)).toBe(true);
  });
});
