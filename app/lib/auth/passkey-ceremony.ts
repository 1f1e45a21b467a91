import type { FieldErrors } from "~/forms/parse-form";
import type { Toast } from "~/lib/http/toast";

/** A ceremony's two posts: `passkey-options` gets the challenge (and its cookie), `passkey` the answer. */
export type PasskeyIntent = "passkey-options" | "passkey";

type PasskeyCeremony = "register" | "authenticate";

export type PasskeyActionData =
  | { intent: "passkey-options"; ceremony: PasskeyCeremony; options: Record<string, unknown> }
  | { intent: PasskeyIntent; error: string; fieldErrors?: FieldErrors<"name">; toast: Toast };

export function isPasskeyIntent(value: unknown): value is PasskeyIntent {
  return value === "passkey-options" || value === "passkey";
}

/** Splits an action's answer into the page's own and the ceremony's, with the toast to show. */
export function splitPasskeyAnswer<PageData extends { toast?: Toast | null }>(
  answer: PageData | PasskeyActionData | undefined,
) {
  const passkey =
    answer && "intent" in answer && isPasskeyIntent(answer.intent)
      ? (answer as PasskeyActionData)
      : undefined;
  const page = passkey ? undefined : (answer as PageData | undefined);
  const failed = passkey && "error" in passkey ? passkey : undefined;
  return {
    page,
    passkeyError: failed?.error,
    passkeyNameError: failed?.fieldErrors?.name,
    toast: page?.toast ?? failed?.toast ?? undefined,
  };
}
