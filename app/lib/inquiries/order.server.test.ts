import { describe, expect, it } from "vitest";
import { DEAL_SIZE_RANKED, INQUIRY_STATUS_RANKED } from "~db/schema";
import { DEAL_SIZE_VALUES } from "~/content/inquiry-options";
import { INQUIRY_STATUS_VALUES } from "~/content/inquiry-desk";

/** The ranks are literals in the schema (so their index can be used): they follow the content's values. */
describe("the list's rank orders", () => {
  it("sorts deal sizes largest first, without the undisclosed one, and statuses in pipeline order", () => {
    expect(DEAL_SIZE_RANKED).toEqual(DEAL_SIZE_VALUES.filter((value) => value !== "confidential").reverse());
    expect(INQUIRY_STATUS_RANKED).toEqual([...INQUIRY_STATUS_VALUES]);
  });
});
