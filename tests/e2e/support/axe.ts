import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What axe finds on the page (or only inside `include`), checked against
 * WCAG 2.2 AA and, unless told otherwise, axe's best practices: each rule with
 * where it fails, so that an empty list passes and a failure says where.
 */
export async function axeViolations(
  page: Page,
  { include = [], bestPractice = true }: { include?: string[]; bestPractice?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  const results = await builder
    .withTags(bestPractice ? [...WCAG_22_AA, "best-practice"] : WCAG_22_AA)
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
