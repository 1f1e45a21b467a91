import { expect, type Page } from "@playwright/test";

/**
 * A virtual authenticator in Chromium (DevTools protocol): it holds the
 * passkeys made on `page` and answers WebAuthn requests at once, as a
 * platform authenticator whose user is verified.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    },
  };
}

/** On a page that offers it: names and adds a passkey, and waits for the page to say so. */
export async function addPasskey(page: Page, name: string) {
  const add = page.getByRole("button", { name: "Add a passkey" });
  // Enabled once the page has hydrated: a name typed before that is not in React's state.
  await expect(add).toBeEnabled();
  await page.getByLabel("Passkey name (optional)").fill(name);
  await add.click();
  await expect(page.getByText("Passkey added")).toBeVisible();
}

/** The second step of signing in, with the passkey. */
export async function usePasskey(page: Page) {
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.getByRole("button", { name: "Use a passkey" }).click();
}
