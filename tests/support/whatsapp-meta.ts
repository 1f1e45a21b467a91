import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Express } from "express";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { signWhatsAppBody } from "~/lib/whatsapp/webhook-signature.server";
import { TEST_ENV } from "./test-context";
import { whatsAppWebhookRoutes } from "../../server/whatsapp-webhook";

const TEST_APP_SECRET = "test-whatsapp-app-secret-0123456789";
export const TEST_VERIFY_TOKEN = "test-verify-token-0123456789";
const TEST_PHONE_NUMBER_ID = "106540352242922";
const TEST_ACCESS_TOKEN = "test-access-token-0123456789abcdef";

/** The channel's settings for tests; `graphUrl` points at a fake Graph API on loopback. */
export function whatsAppTestEnv(graphUrl = "http://127.0.0.1:9/v23.0") {
  return {
    WHATSAPP_PHONE_NUMBER_ID: TEST_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: TEST_ACCESS_TOKEN,
    WHATSAPP_APP_SECRET: TEST_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: TEST_VERIFY_TOKEN,
    WHATSAPP_GRAPH_URL: graphUrl,
  };
}

export function testEnvWithWhatsApp(graphUrl?: string, more: Record<string, string> = {}) {
  return parseEnv({ ...TEST_ENV, ...whatsAppTestEnv(graphUrl), ...more });
}

/* The shapes below follow Meta's documented "messages" webhook: entry[].changes[].value with metadata, contacts and messages or statuses. */

type Message = Record<string, unknown> & { id: string; type: string };

export function textMessage(id: string, from: string, body: string, timestamp = nowSeconds()): Message {
  return { from, id, timestamp, type: "text", text: { body } };
}

export function mediaMessage(
  id: string,
  from: string,
  type: "image" | "document" | "audio",
  media: { id: string; mime_type: string; caption?: string; filename?: string; voice?: boolean },
): Message {
  return { from, id, timestamp: nowSeconds(), type, [type]: { sha256: "c2hhMjU2", ...media } };
}

function nowSeconds(): string {
  return String(Math.floor(Date.now() / 1000));
}

function envelope(value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: TEST_PHONE_NUMBER_ID },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** A delivery of `messages` from one contact (`waId` null: the number withheld, only the business-scoped user id). */
export function messagesDelivery(
  contact: { waId: string | null; name: string; userId?: string },
  messages: Message[],
): string {
  const contactEntry = {
    profile: { name: contact.name },
    ...(contact.waId ? { wa_id: contact.waId } : {}),
    ...(contact.userId ? { user_id: contact.userId } : {}),
  };
  return JSON.stringify(envelope({ contacts: [contactEntry], messages }));
}

export function statusDelivery(
  wamid: string,
  status: "sent" | "delivered" | "read" | "failed",
  recipient: string,
  error?: { code: number; title: string },
): string {
  return JSON.stringify(
    envelope({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: nowSeconds(),
          recipient_id: recipient,
          ...(error
            ? { errors: [{ code: error.code, title: error.title, error_data: { details: error.title } }] }
            : {}),
        },
      ],
    }),
  );
}

/** The webhook alone, on a real HTTP server on loopback, as the site mounts it. */
export async function startWebhookServer(
  database: DatabaseHandle,
  env = testEnvWithWhatsApp(),
): Promise<{ url: string; close(): Promise<void> }> {
  const app: Express = express();
  app.use(whatsAppWebhookRoutes(env, database));
  app.use((_req, res) => res.status(404).send("Not found"));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/whatsapp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** POSTs `body` as Meta would: signed with `secret` unless `signature` is given (null: no header). */
export function postDelivery(
  url: string,
  body: string | Buffer,
  options: { secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const signature =
    options.signature === undefined
      ? signWhatsAppBody(bytes, options.secret ?? TEST_APP_SECRET)
      : options.signature;
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "X-Hub-Signature-256": signature }),
    },
    body: new Uint8Array(bytes),
  });
}

interface GraphCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** The wamid the fake answered with; absent when it answered an error. */
  wamid?: string;
}

/**
 * A fake Graph API on loopback: POST /{version}/{phone-number-id}/messages
 * answers Meta's documented success shape with a new wamid, or the status and
 * error object set by the test.
 */
export async function startFakeGraphApi() {
  const calls: GraphCall[] = [];
  let answer: { status: number; error?: { message: string; type: string; code: number } } = { status: 200 };
  let count = 0;
  /** Media Meta holds, by id; a download link given out with `expireLinks` left answers 404, as an expired one does. */
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  const mediaState = { expireLinks: 0, downloads: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET") {
      const authorized = req.headers.authorization === `Bearer ${TEST_ACCESS_TOKEN}`;
      const download = /^\/download\/([^/]+)\/(\d+)$/.exec(url.pathname);
      if (download) {
        mediaState.downloads += 1;
        const item = media.get(decodeURIComponent(download[1]!));
        const expired = Number(download[2]) === 0;
        res.statusCode = !authorized ? 401 : !item || expired ? 404 : 200;
        res.end(res.statusCode === 200 ? item!.bytes : "");
        return;
      }
      const mediaId = decodeURIComponent(url.pathname.split("/").pop() ?? "");
      const item = media.get(mediaId);
      res.setHeader("Content-Type", "application/json");
      if (!authorized || !item) {
        res.statusCode = authorized ? 404 : 401;
        res.end(
          JSON.stringify({
            error: { message: "Unsupported get request.", type: "GraphMethodException", code: 100 },
          }),
        );
        return;
      }
      const live = mediaState.expireLinks > 0 ? 0 : 1;
      if (mediaState.expireLinks > 0) mediaState.expireLinks -= 1;
      res.end(
        JSON.stringify({
          messaging_product: "whatsapp",
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/download/${encodeURIComponent(mediaId)}/${live}`,
          mime_type: item.mimeType,
          sha256: "c2hhMjU2",
          file_size: String(item.bytes.length),
          id: mediaId,
        }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      calls.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      res.setHeader("Content-Type", "application/json");
      if (answer.status !== 200) {
        res.statusCode = answer.status;
        res.end(JSON.stringify({ error: { ...answer.error, fbtrace_id: "AbCdEf" } }));
        return;
      }
      count += 1;
      const wamid = `wamid.OUT${count}`;
      calls[calls.length - 1]!.wamid = wamid;
      res.end(
        JSON.stringify({
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: wamid }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    calls,
    media,
    mediaState,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
