import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

const classes = (value: string) => value.split(/\s+/);

describe("button classes", () => {
  it("let a call site's padding replace the variant's (the header's Sign In asked for px-3)", () => {
    expect(classes(buttonVariants({ variant: "ghost", size: "compact" }))).toContain("px-3");
    expect(classes(buttonVariants({ variant: "ghost", size: "compact" }))).not.toContain("px-5");
    const merged = classes(cn(buttonVariants({ variant: "ghost" }), "px-3 whitespace-nowrap"));
    expect(merged).toContain("px-3");
    expect(merged).not.toContain("px-5");
  });

  it("let a colour override win over the variant's colour", () => {
    const merged = classes(cn(buttonVariants(), "bg-danger"));
    expect(merged).toContain("bg-danger");
    expect(merged).not.toContain("bg-accent");
  });
});
