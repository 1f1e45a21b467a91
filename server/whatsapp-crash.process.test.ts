import { afterAll, describe, expect, it, vi } from "vitest";
import { jobs } from "~db/schema";
import { CLAIM_MS } from "~/lib/jobs/job-claim.server";
import { cookieHeader, type InboxServer, startInboxServer } from "../tests/e2e/inbox-setup";
import { spawnServer } from "../tests/support/server-process";
import {
  messagesDelivery,
  postDelivery,
  startFakeGraphApi,
  textMessage,
  whatsAppTestEnv,
} from "../tests/support/whatsapp-meta";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

/** A batch Meta might send after an outage: enough that filing it outlasts the 200 by far. */
const MESSAGES = 40;
const FROM = "233246660404";
const NAME = "Yaw Crash";

let site: InboxServer | undefined;
let graph: Awaited<ReturnType<typeof startFakeGraphApi>> | undefined;
afterAll(async () => {
  await site?.stop();
  await graph?.close();
});

/** The lead page's WhatsApp thread as rendered (not the loader data the page also carries). */
async function inboundCount(url: string, cookie: string): Promise<number | null> {
  const list = await (await fetch(`${url}/dashboard`, { headers: { cookie } })).text();
  const link = new RegExp(`href="(/dashboard/inquiries/[0-9a-f-]{36})"[^>]*>${NAME}<`).exec(list);
  if (!link) return null;
  const page = await (await fetch(`${url}${link[1]}`, { headers: { cookie } })).text();
  return page.split('data-testid="whatsapp-message" data-direction="in"').length - 1;
}

describe("SIGKILL right after the WhatsApp webhook's 200", () => {
  it("files every message of the answered delivery exactly once after the restart", async () => {
    graph = await startFakeGraphApi();
    site = await startInboxServer([], undefined, {
      env: whatsAppTestEnv(graph.url),
      postgresUrl: process.env.TEST_DATABASE_URL,
    });
    const body = messagesDelivery(
      { waId: FROM, name: NAME },
      Array.from({ length: MESSAGES }, (_, index) =>
        textMessage(`wamid.KILL${index}`, FROM, `Crash line ${index}.`),
      ),
    );

    const response = await postDelivery(`${site.url}/webhooks/whatsapp`, body);
    // Killed the moment Meta has its answer: Meta will not send this delivery again.
    site.server.child.kill("SIGKILL");
    expect(response.status).toBe(200);
    await site.server.exited;

    site.server = await spawnServer(site.env);
    const admin = cookieHeader(site.cookies.admin);
    // The killed server may have claimed the filing job already: its claim lapses within CLAIM_MS.
    try {
      await expect
        .poll(() => inboundCount(site!.url, admin), { timeout: CLAIM_MS + 60_000, interval: 250 })
        .toBe(MESSAGES);
    } catch (error) {
      await site.write(async (database) => {
        console.error("the jobs when the filing had not finished:", await database.db.select().from(jobs));
      });
      throw error;
    }
    const list = await (await fetch(`${site.url}/dashboard`, { headers: { cookie: admin } })).text();
    expect(list.split(`>${NAME}<`).length - 1).toBe(1);

    // Nothing is left half-filed for a later start to add: the count stays.
    expect(await site.server.stop("SIGTERM")).toBe(0);
    site.server = await spawnServer(site.env);
    expect(await inboundCount(site.url, admin)).toBe(MESSAGES);
  });
});
