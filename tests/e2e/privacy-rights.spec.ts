import fs from "node:fs";
import type { Page } from "@playwright/test";
import { retention } from "../../app/content/retention";
import { SEEDED_PASSWORD as PASSWORD } from "../support/seeded-site";
import { expect, type SignedInPage, test } from "./fixtures";
import { INBOX_ACCOUNTS } from "./support/accounts";
import { axeViolations } from "./support/axe";

/**
 * The dashboard's rights request (find, download, erase) and the
 * account holder's own download and deletion, with JavaScript on and off.
 */
const SUBJECT = "subject@rights.test";
const MEMBER = INBOX_ACCOUNTS.member.email;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`privacy rights with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    // A dozen page loads, a download and an axe scan per test on shared
    // cores: a generous ceiling, not a goal.
    test.describe.configure({ timeout: 60_000 });

    test.use({
      seed: {
        inquiries: () => [
          { name: "Sam Subject", email: SUBJECT, message: "Please keep my gold plans private." },
          { name: "Sam Subject", email: "SUBJECT@rights.test", message: "A second inquiry." },
          { name: "Olive Other", email: "olive@other.test", message: "Someone else entirely." },
        ],
      },
    });

    async function pageAs(signedInPage: SignedInPage, who: "admin" | "member") {
      const page = await signedInPage(who, { javaScriptEnabled, acceptDownloads: true });
      return { context: page.context(), page };
    }

    /** axe runs inside the page, so only where the page runs scripts. */
    async function expectAccessible(page: Page) {
      if (!javaScriptEnabled) return;
      expect(await axeViolations(page, { bestPractice: false })).toEqual([]);
    }

    async function downloadJson(page: Page, name: string) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      return JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as Record<string, unknown>;
    }

    // Plain HTTP requests: once is enough.
    if (!javaScriptEnabled)
      test("the built /privacy page states the configured periods; account routes need a session", async ({
        inbox,
      }) => {
        const notice = (await (await fetch(`${inbox.url}/privacy`)).text()).replace(/<[^>]+>/g, " ");
        expect(notice).toContain(`Inquiries: ${retention.inquiryMonths} months after their last activity`);
        expect(notice).toContain(`${retention.spamDays} days after their last activity`);
        expect(notice).toContain(`${retention.deliveredMailDays} days after delivery`);
        expect(notice).toContain(`for ${retention.inactiveAccountMonths} months gets a warning email`);
        expect(notice).not.toContain("hosted database");

        const requests: { path: string; init?: RequestInit }[] = [
          { path: "/account/data" },
          { path: "/account/delete" },
          {
            path: "/account/delete",
            init: { method: "POST", body: new URLSearchParams({ password: PASSWORD }) },
          },
        ];
        for (const { path, init } of requests) {
          const response = await fetch(`${inbox.url}${path}`, { ...init, redirect: "manual" });
          expect(response.status, path).toBe(302);
          expect(response.headers.get("location"), path).toMatch(/^\/auth\?redirectTo=%2Faccount%2F/);
        }
      });

    test("an admin finds everything held about an address, downloads it and erases it after confirming", async ({
      signedInPage,
    }) => {
      const { context, page } = await pageAs(signedInPage, "admin");
      try {
        await page.goto("/dashboard");
        await page.getByRole("link", { name: "Privacy requests" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
        await page.getByLabel("Email address").fill(SUBJECT);
        await page.getByRole("button", { name: "Find" }).click();
        await expect(page.getByTestId("count-inquiries")).toHaveText("2");
        await expect(page.getByTestId("count-account")).toHaveText("0");
        await expect(page.getByText("Please keep my gold plans private.")).toBeVisible();
        await expect(page.getByText("Someone else entirely.")).toHaveCount(0);

        const exported = await downloadJson(page, "Download all as JSON");
        expect(exported.email).toBe(SUBJECT);
        expect(JSON.stringify(exported)).toContain("Please keep my gold plans private.");
        expect(JSON.stringify(exported)).not.toContain("Someone else entirely.");

        await page.getByRole("link", { name: "Erase all…" }).click();
        const confirmation = page.getByTestId("erase-confirmation");
        await expect(confirmation).toContainText("This erases 2 records: 2 inquiries");
        // Cancelling erases nothing.
        await confirmation.getByRole("link", { name: "Cancel" }).click();
        await expect(page.getByTestId("count-inquiries")).toHaveText("2");

        await page.getByRole("link", { name: "Erase all…" }).click();
        await expectAccessible(page);
        await page.getByRole("button", { name: "Erase permanently" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Personal data erased" })).toBeVisible();
        await expect(page.getByText("Nothing is held about this address.")).toBeVisible();
        await expect(page.getByTestId("count-inquiries")).toHaveText("0");

        // The other person's inquiry is still in the inbox.
        await page.goto("/dashboard");
        await expect(page.getByText("Olive Other").first()).toBeVisible();
        await expect(page.getByText("Sam Subject")).toHaveCount(0);
      } finally {
        await context.close();
      }
    });

    test("an account holder downloads their data, and deletes the account only with the right password", async ({
      signedInPage,
      inbox,
    }) => {
      const { context, page } = await pageAs(signedInPage, "member");
      try {
        // Reached from the account page.
        await page.goto("/account");
        await expect(page.getByRole("link", { name: "Download my data" })).toHaveAttribute(
          "href",
          "/account/data",
        );
        await page.getByRole("link", { name: "Delete my account" }).click();
        await expect(page).toHaveURL(/\/account\/delete$/);
        await expectAccessible(page);
        const data = await downloadJson(page, "Download your account data first");
        expect(data).toMatchObject({ email: MEMBER, account: [{ email: MEMBER }] });
        expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
        expect(JSON.stringify(data)).not.toContain(inbox.cookies.member.value.split(".")[0]!);
        expect(JSON.stringify(data)).not.toMatch(/"password"/);
        // Mail in an export carries no working link, token or code, and the export says so.
        expect(data.leftOut).toContain("Links, tokens and one-time codes are left out");
        expect(JSON.stringify(data)).not.toMatch(/token=/);

        await page.getByLabel("Your password").fill("not my password");
        await page.getByRole("button", { name: "Delete my account" }).click();
        await expect(page.getByText("Incorrect password.").first()).toBeVisible();
        await expect(page).toHaveURL(/\/account\/delete$/);

        await page.getByLabel("Your password").fill(PASSWORD);
        await page.getByRole("button", { name: "Delete my account" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Account deleted" })).toBeVisible();
        await expect(page).toHaveURL(`${inbox.url}/`);

        // Signed out, and the old session cookie opens nothing.
        const response = await fetch(`${inbox.url}/account/data`, {
          headers: { Cookie: `${inbox.cookies.member.name}=${inbox.cookies.member.value}` },
          redirect: "manual",
        });
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
      } finally {
        await context.close();
      }

      // The admin finds nothing left of the account, and cannot sign in as it.
      const admin = await pageAs(signedInPage, "admin");
      try {
        await admin.page.goto(`/dashboard/privacy?email=${encodeURIComponent(MEMBER)}`);
        await expect(admin.page.getByText("Nothing is held about this address.")).toBeVisible();
      } finally {
        await admin.context.close();
      }
    });
  });
}
