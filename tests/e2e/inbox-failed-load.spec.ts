import { sql } from "drizzle-orm";
import { expect, test } from "./fixtures";

// A store the inbox cannot read: the inquiries table is gone, while
// accounts and sessions still work. It comes back after each test.
test.use({
  seed: {
    inquiries: () => [],
    async prepare(database) {
      await database.db.execute(sql`alter table contact_submissions rename to contact_submissions_gone`);
      return async (restored) => {
        await restored.db.execute(sql`alter table contact_submissions_gone rename to contact_submissions`);
      };
    },
  },
});

for (const javaScriptEnabled of [true, false]) {
  test(`finding 12: a failed load says so on the error page with a reference, never the database's message (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    signedInContext,
    inbox,
  }) => {
    const context = await signedInContext("admin", { javaScriptEnabled });
    const page = await context.newPage();
    try {
      const response = await page.goto("/dashboard");
      // The loader throws: the workspace's error boundary answers, with a server error's status.
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
      const alert = page.getByRole("alert").filter({ hasText: "Failed to fetch submissions:" });
      await expect(alert).toContainText("Error");
      await expect(alert).toContainText(/Something went wrong on our side \(reference [0-9a-f-]{36}\)/);
      // The reference is the request's id: the response's X-Request-Id, and
      // the id of the log line that holds the details.
      const reference = /reference ([0-9a-f-]{36})/.exec((await alert.textContent()) ?? "")?.[1];
      expect(reference).toBe(response?.headers()["x-request-id"]);
      const logged = inbox.server
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; err?: { message?: string } })
        // The frame's and the header's counts fail in the same request and log their own warnings.
        .find((line) => line.reqId === reference && line.msg === "could not list inquiries");
      expect(logged?.msg).toBe("could not list inquiries");
      expect(logged?.err?.message).toContain("contact_submissions");
      // Neither the database's message nor the query: they are logged under the reference.
      await expect(alert).not.toContainText("relation");
      await expect(alert).not.toContainText("contact_submissions");
      await expect(alert).not.toContainText("select");
      // The header still works without its unread badge.
      await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
