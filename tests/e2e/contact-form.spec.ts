import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";

/**
 * The inquiry form in a real browser, with JavaScript and without: the form
 * must work as a plain POST either way. (Mail delivery is checked against a
 * real SMTP server in app/routes/contact.server.process.test.ts.)
 */

const SUCCESS_TITLE = "Message Sent Successfully";
const SUCCESS_TEXT = "Thank you for your inquiry. We'll respond within 24 hours.";

/** Values the browser accepts but the server refuses. */
async function submitServerInvalidInquiry(page: Page) {
  await page.getByLabel("Full Name").fill("   ");
  await page.getByLabel("Company").fill("Kept Company Ltd");
  await page.getByLabel("Email Address").fill("ama@localhost");
  await page.getByLabel("Area of Interest").selectOption("consultation");
  await page.getByLabel("Message").fill("Kept message");
  const responsePromise = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/contact",
  );
  await page.getByRole("button", { name: "Send Inquiry" }).click();
  return responsePromise;
}

async function fillValidInquiry(page: Page, marker: string) {
  await page.getByLabel("Full Name").fill("Ama Mensah");
  await page.getByLabel("Company").fill("Mensah Mining Ltd");
  await page.getByLabel("Email Address").fill("ama@example.test");
  await page.getByLabel("Phone Number").fill("+44 20 7946 0000");
  await page.getByLabel("WhatsApp Number").fill("+233 24 123 4567");
  await page.getByLabel("Area of Interest").selectOption("gold-selling");
  await page.getByLabel("Expected Deal Size").selectOption({ label: "Prefer to discuss" });
  await page.getByLabel("Message").fill(`About 20 kg of doré. ${marker}`);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`the contact form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("shows the contact details, hours and WhatsApp card with the form's labels", async ({ page }) => {
      await page.goto("/contact");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const main = page.locator("main");
      await expect(main.getByRole("link", { name: "info@voltameridian.co.uk" })).toBeVisible();
      await expect(main.getByRole("link", { name: "deals@voltameridian.co.uk" })).toBeVisible();
      await expect(main.getByRole("link", { name: "+44 20 7946 0321" })).toBeVisible();
      await expect(main.getByText("London EC4M 9AF")).toBeVisible();
      await expect(main.getByText("9:00 – 18:00 GMT")).toBeVisible();
      await expect(main.getByText("10:00 – 16:00 GMT")).toBeVisible();
      const whatsapp = main.getByRole("link", { name: /Chat on WhatsApp/ });
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/442079460321\?text=Hello/);
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");

      for (const label of ["Full Name", "Email Address", "Area of Interest", "Message"]) {
        await expect(page.getByLabel(label)).toHaveAttribute("required", "");
      }
      for (const label of ["Company", "Phone Number", "WhatsApp Number", "Expected Deal Size"]) {
        await expect(page.getByLabel(label)).not.toHaveAttribute("required", "");
      }
      await expect(page.locator('label[for="contact-interest"]')).toContainText("Area of Interest *");
      await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
      const options = page.getByLabel("Area of Interest").locator("option:not([value=''])");
      await expect(options).toHaveCount(6);
      await expect(page.getByLabel("Expected Deal Size").locator("option")).toContainText([
        "Prefer to discuss",
      ]);
    });

    test("prefills from an equipment link and from a service link", async ({ page }) => {
      await page.goto("/contact?equipment=cat-336-large-excavator");
      await expect(page.getByLabel("Area of Interest")).toHaveValue("equipment-purchase");
      await expect(page.getByLabel("Message")).toHaveValue(/^CAT 336 Large Excavator/);

      await page.goto("/contact?equipment=gold-wash-plant-150tph");
      await expect(page.getByLabel("Area of Interest")).toHaveValue("equipment-rental");

      await page.goto("/contact?interest=licensing-support");
      await expect(page.getByLabel("Area of Interest")).toHaveValue("licensing-support");

      await page.goto("/contact?interest=no-such-thing");
      await expect(page.getByLabel("Area of Interest")).toHaveValue("");
    });

    test("shows errors beside the fields and in a summary, keeping the values", async ({ page }) => {
      await page.goto("/contact");
      expect((await submitServerInvalidInquiry(page)).status()).toBe(400);

      const summary = page.getByRole("alert").filter({ hasText: "Please correct the following:" });
      await expect(summary).toBeVisible();
      await expect(
        summary.getByRole("link", { name: /Full Name: Please enter your full name/ }),
      ).toHaveAttribute("href", "#contact-name");
      await expect(
        summary.getByRole("link", { name: /Email Address: Please enter a valid email/ }),
      ).toBeVisible();

      const email = page.getByLabel("Email Address");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
      await expect(email).toHaveValue("ama@localhost");
      await expect(page.getByLabel("Company")).toHaveValue("Kept Company Ltd");
      await expect(page.getByLabel("Company")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Area of Interest")).toHaveValue("consultation");
      await expect(page.getByLabel("Message")).toHaveValue("Kept message");
    });

    test("confirms a sent inquiry with the toast, its reference and what comes next, and clears every field", async ({
      page,
    }) => {
      await page.goto("/contact?equipment=cat-320-excavator");
      await fillValidInquiry(page, `e2e-${javaScriptEnabled ? "js" : "nojs"}`);
      await page.getByRole("button", { name: "Send Inquiry" }).click();

      const toast = page.getByRole("status").filter({ hasText: SUCCESS_TITLE });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(SUCCESS_TEXT);
      await expect(page).toHaveURL(/\/contact#inquiry-sent$/);
      const confirmation = page.getByRole("region", { name: "We have your inquiry" });
      await expect(confirmation).toBeVisible();
      await expect(confirmation.getByTestId("inquiry-reference")).toHaveText(/^VM-[0-9A-F]{8}$/);
      await expect(confirmation).toContainText("Please quote it");
      await expect(confirmation).toContainText(
        "will reply within 24 hours, not counting Sundays, by email from no-reply@",
      );
      await expect(confirmation).toContainText("check your spam or junk folder");
      // The fragment moves focus to the confirmation once the browser has applied it (wait for
      // that, or a Tab pressed before it starts from the top); its link is the next stop.
      await expect(confirmation).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(confirmation.getByRole("link", { name: "Send another inquiry" })).toBeFocused();
      for (const label of [
        "Full Name",
        "Company",
        "Email Address",
        "Phone Number",
        "WhatsApp Number",
        "Message",
      ]) {
        await expect(page.getByLabel(label)).toHaveValue("");
      }
      await expect(page.getByLabel("Area of Interest")).toHaveValue("");
      await expect(page.getByLabel("Expected Deal Size")).toHaveValue("");

      // The confirmation is shown once: reloading does not repeat it or resubmit.
      await page.reload();
      await expect(page.getByText(SUCCESS_TITLE)).toHaveCount(0);
      await expect(page.getByRole("region", { name: "We have your inquiry" })).toHaveCount(0);
    });

    test("a refused inquiry opens at the error summary, which links to each field", async ({ page }) => {
      await page.goto("/contact");
      // The browser checks the pattern first; the server checks again, for a browser that does not.
      await page.getByLabel("Phone Number").evaluate((input) => input.removeAttribute("pattern"));
      await page.getByLabel("Phone Number").fill("+44 20 abc");
      expect((await submitServerInvalidInquiry(page)).status()).toBe(400);
      await expect(page).toHaveURL(/\/contact#contact-errors$/);
      const summary = page.getByRole("alert").filter({ hasText: "Please correct the following:" });
      await expect(summary).toBeVisible();
      // The summary takes focus: with JavaScript the form focuses it once it shows, without it
      // the address's fragment does once the browser has applied it. Wait for that either way,
      // or a Tab pressed before it starts from the top of the page (or is taken back).
      await expect(summary).toBeFocused();
      // Keyboard navigation starts at the summary: its first link is the next stop.
      await page.keyboard.press("Tab");
      await expect(summary.getByRole("link").first()).toBeFocused();
      await expect(summary.getByRole("link", { name: /^Phone Number:/ })).toHaveAttribute(
        "href",
        "#contact-phone",
      );
      // The phone's message says what is wrong with what was typed.
      await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(
        /cannot contain “a”, “b” or “c”/,
      );
    });
  });
}

test("the form with its errors shown has no WCAG 2.2 AA violations", async ({ page }) => {
  // axe needs JavaScript in the page; the markup is the same without it.
  await page.goto("/contact");
  expect((await submitServerInvalidInquiry(page)).status()).toBe(400);
  expect(await axeViolations(page)).toEqual([]);
});
