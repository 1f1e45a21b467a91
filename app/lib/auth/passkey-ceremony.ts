import type { FieldErrors } from "~/forms/parse-form";
import type { Toast } from "~/lib/http/toast";

/**
 * A WebAuthn ceremony takes two posts to the page's own action: the first
 * (`passkey-options`) gets the challenge the authenticator signs, and a
 * challenge cookie; the second (`passkey`) carries the authenticator's
 * answer. Shared by the server modules and the button that runs it.
 */
export type PasskeyIntent = "passkey-options" | "passkey";

type PasskeyCeremony = "register" | "authenticate";

export type PasskeyActionData =
  | { intent: "passkey-options"; ceremony: PasskeyCeremony; options: Record<string, unknown> }
  | { intent: PasskeyIntent; error: string; fieldErrors?: FieldErrors<"name">; toast: Toast };

export function isPasskeyIntent(value: unknown): value is PasskeyIntent {
  return value === "passkey-options" || value === "passkey";
}

/**
 * A page with a passkey button answers two kinds of post: the ceremony's and
 * its own forms'. Splits the action's answer into the two, with the toast to
 * show and the ceremony's error for the button.
 */
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
