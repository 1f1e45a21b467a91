import { type BrowserContext, type BrowserContextOptions, test as base, type Page } from "@playwright/test";
import { workspacePreferences } from "../../db/schema";
import type { InboxLayout } from "../../app/forms/inbox";
import { type Database, type InboxServer, type NewInquiry, startInboxServer } from "./inbox-setup";
import { hydrateOnNavigation } from "./support/hydration";

export { expect } from "@playwright/test";

type Who = keyof InboxServer["cookies"];
export type SignedInContext = (who: Who, options?: BrowserContextOptions) => Promise<BrowserContext>;
export type SignedInPage = (who: Who, options?: BrowserContextOptions) => Promise<Page>;

interface WorkerFixtures {
  /**
   * One inbox server per worker, with every seeded account, started at the
   * worker's first test that needs it and stopped when the worker ends. On
   * Postgres (TEST_DATABASE_URL) tests seed beside it; on the embedded
   * database each test's seeding restarts it.
   */
  inboxServer: InboxServer;
}

interface TestFixtures {
  /**
   * What this test's inbox holds, made when the test starts (so "5 minutes
   * ago" is from then): `test.use({ seed: { inquiries: (inbox) => [...] } })`;
   * `inbox.accountIds` names owners.
   */
  seed: {
    inquiries: (inbox: InboxServer) => NewInquiry[];
    /** Changes the database after seeding (e.g. breaks it); what it returns undoes that after the test. */
    prepare?: (database: Database) => Promise<(database: Database) => Promise<void>>;
  };
  /**
   * The inbox layout every seeded account has chosen: "cards" (the spec's
   * view, which most specs test), "list", or null for none stored (the
   * product's default, the list).
   */
  inboxLayout: InboxLayout | null;
  /** The worker's inbox server, emptied and seeded with `seed` for this test; nothing else is in it. */
  inbox: InboxServer;
  /** A new browser context on the inbox server, signed in as `who`; it closes with the test. */
  signedInContext: SignedInContext;
  /** A page in a new such context. */
  signedInPage: SignedInPage;
  /** Signed in as an admin who proved a second factor (Ada Admin). */
  adminPage: Page;
  /** The same admin, with JavaScript off. */
  adminPageWithoutJs: Page;
  /** A verified member who is not an admin. */
  memberPage: Page;
}

/** The worker's inbox server, with every seeded account; `env` adds to its environment. */
export function startWorkerInboxServer(env: Record<string, string> = {}): Promise<InboxServer> {
  return startInboxServer([], undefined, {
    secondFactorRoles: true,
    // Replies and assignment mail reach the e2e SMTP sink, where specs read them.
    env: {
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // The global setup's clamd; the key is the run's (playwright.config.ts).
      CLAMD_ADDRESS: `127.0.0.1:${process.env.E2E_CLAMD_PORT}`,
      ...(process.env.E2E_UPLOAD_KEY ? { UPLOAD_KEY: process.env.E2E_UPLOAD_KEY } : {}),
      ...env,
    },
    postgresUrl: process.env.TEST_DATABASE_URL,
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every context a test opens, its own or one it makes, with JavaScript on:
  // `goto` and `reload` return once the page has hydrated (support/hydration).
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", hydrateOnNavigation);
        return context;
      };
      await provide(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      context.on("page", hydrateOnNavigation);
      for (const page of context.pages()) hydrateOnNavigation(page);
    }
    await provide(context);
  },
  inboxServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, provide) => {
      const server = await startWorkerInboxServer();
      await provide(server);
      await server.stop();
    },
    // Migrations, password hashing and a server start, on shared cores.
    { scope: "worker", timeout: 120_000 },
  ],
  // An object: Playwright would read an array as [value, options] and a function as a fixture.
  seed: [{ inquiries: () => [] }, { option: true }],
  inboxLayout: ["cards", { option: true }],
  inbox: async ({ inboxServer, seed, inboxLayout }, provide) => {
    let undo: ((database: Database) => Promise<void>) | undefined;
    await inboxServer.seed(seed.inquiries(inboxServer), async (database) => {
      const ids = Object.values(inboxServer.accountIds);
      if (inboxLayout && ids.length > 0) {
        await database.db
          .insert(workspacePreferences)
          .values(ids.map((id) => ({ user_id: id, inbox_layout: inboxLayout })));
      }
      undo = await seed.prepare?.(database);
    });
    await provide(inboxServer);
    // The next test on this worker's server gets it back as it was.
    if (undo) await inboxServer.write(undo);
  },
  signedInContext: async ({ browser, inbox }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (who, options = {}) => {
      const context = await browser.newContext({ baseURL: inbox.url, ...options });
      contexts.push(context);
      await context.addCookies([{ ...inbox.cookies[who], url: inbox.url }]);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  signedInPage: async ({ signedInContext }, provide) => {
    await provide(async (who, options) => (await signedInContext(who, options)).newPage());
  },
  adminPage: async ({ signedInPage }, provide) => {
    await provide(await signedInPage("admin"));
  },
  adminPageWithoutJs: async ({ signedInPage }, provide) => {
    await provide(await signedInPage("admin", { javaScriptEnabled: false }));
  },
  memberPage: async ({ signedInPage }, provide) => {
    await provide(await signedInPage("member"));
  },
});
