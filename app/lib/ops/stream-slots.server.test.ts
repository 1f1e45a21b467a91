import { describe, expect, it } from "vitest";
import { createStreamSlots } from "~/lib/ops/stream-slots.server";

describe("stream places per account", () => {
  it("gives an account up to its limit, another account its own, and takes each place back once", () => {
    const slots = createStreamSlots(2);
    const first = slots.take("a")!;
    const second = slots.take("a")!;
    expect(slots.take("a")).toBeNull();
    expect(slots.take("b")).not.toBeNull();
    first();
    first();
    expect(slots.held("a")).toBe(1);
    const third = slots.take("a");
    expect(third).not.toBeNull();
    expect(slots.take("a")).toBeNull();
    second();
    third!();
    expect(slots.held("a")).toBe(0);
  });
});
