import type { WhatsAppChannel } from "~/lib/whatsapp/whatsapp-settings.server";

/** A Graph API call that does not answer in this time has failed this attempt. */
const REQUEST_TIMEOUT_MS = 15_000;

/** A refusal by the Graph API, with Meta's error code and title as the desk shows them. */
export class GraphApiError extends Error {
  override name = "GraphApiError";
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly title: string,
  ) {
    super(`Graph API ${httpStatus}${code === null ? "" : ` (${code})`}: ${title}`);
  }

  /**
   * Whether trying again later may work: throttling, Meta's own failures, and a refused token (it goes
   * through once the token is replaced); anything else was refused for this message.
   */
  get retryable(): boolean {
    return (
      this.httpStatus === 401 ||
      this.httpStatus === 429 ||
      this.httpStatus >= 500 ||
      this.code === 131016 ||
      this.code === 4
    );
  }
}

export type OutgoingContent =
  { type: "text"; body: string } | { type: "template"; name: string; language: string; parameters: string[] };

function requestBody(to: string, content: OutgoingContent) {
  const common = { messaging_product: "whatsapp", recipient_type: "individual", to };
  if (content.type === "text")
    return { ...common, type: "text", text: { body: content.body, preview_url: false } };
  return {
    ...common,
    type: "template",
    template: {
      name: content.name,
      language: { code: content.language },
      components:
        content.parameters.length > 0
          ? [{ type: "body", parameters: content.parameters.map((text) => ({ type: "text", text })) }]
          : [],
    },
  };
}

async function errorOf(response: Response): Promise<GraphApiError> {
  const text = await response.text().catch(() => "");
  let code: number | null = null;
  let title = response.statusText || "error";
  try {
    const parsed = JSON.parse(text.slice(0, 64 * 1024)) as {
      error?: { code?: unknown; message?: unknown; error_user_title?: unknown };
    };
    if (typeof parsed.error?.code === "number") code = parsed.error.code;
    const message = parsed.error?.error_user_title ?? parsed.error?.message;
    if (typeof message === "string" && message) title = message.slice(0, 500);
  } catch {
    // Not Meta's error shape: the HTTP status says enough.
  }
  return new GraphApiError(response.status, code, title);
}

/** POST /{phone-number-id}/messages; the message's wamid, or a GraphApiError. */
export async function sendWhatsAppMessage(
  channel: WhatsAppChannel,
  to: string,
  content: OutgoingContent,
): Promise<string> {
  const response = await fetch(`${channel.graphUrl}/${channel.phoneNumberId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${channel.accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify(requestBody(to, content)),
    redirect: "error",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw await errorOf(response);
  const parsed = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[] } | null;
  const wamid = parsed?.messages?.[0]?.id;
  if (typeof wamid !== "string" || !wamid)
    throw new GraphApiError(response.status, null, "no message id in the answer");
  return wamid;
}
