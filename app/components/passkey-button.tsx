import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher, useNavigation, useSubmit } from "react-router";
import { PasskeyNameSchema } from "~/forms/passkey";
import { constraintsOf } from "~/forms/parse-form";
import type { PasskeyActionData } from "~/lib/auth/passkey-ceremony";
import { TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";

const subscribeToNothing = () => () => {};
const nameLimits = constraintsOf(PasskeyNameSchema);

function describeBrowserFailure(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return "This device already holds a passkey for your account.";
  }
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "The passkey request was cancelled or timed out. Please try again.";
  }
  return "Your browser could not use a passkey. Please try again.";
}

/**
 * Runs a passkey ceremony against the page's own action (WebAuthn needs
 * JavaScript): gets the challenge, lets the authenticator answer, and posts
 * the answer as a normal submission, so the action's redirect or error
 * reaches the page. `error` is the page's action error for this ceremony.
 */
export function PasskeyButton({
  ceremony,
  label,
  busyLabel,
  fields = {},
  withName = false,
  error,
  nameError,
  variant = "secondary",
}: {
  ceremony: "register" | "authenticate";
  label: string;
  busyLabel: string;
  fields?: Record<string, string>;
  /** Registration: let the owner name the passkey. */
  withName?: boolean;
  error?: string;
  /** The action's refusal of the name given (fieldErrors.name). */
  nameError?: string;
  variant?: "primary" | "secondary";
}) {
  const fetcher = useFetcher<PasskeyActionData>();
  const submit = useSubmit();
  const navigation = useNavigation();
  // Unknown (null) on the server, which cannot tell whether the browser has WebAuthn.
  const supported = useSyncExternalStore(
    subscribeToNothing,
    () => typeof window.PublicKeyCredential === "function",
    () => null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  /** The challenge whose ceremony has ended (answered or failed). */
  const [settled, setSettled] = useState<unknown>(null);
  // Read from the field when the answer is posted, not kept in state: a name
  // typed before the page hydrated is in the field but would not be in state.
  const nameField = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  const hintId = useId();

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!("options" in result)) return;
    const answer =
      ceremony === "register"
        ? startRegistration({ optionsJSON: result.options as never })
        : startAuthentication({ optionsJSON: result.options as never });
    answer
      .then((response) => {
        submit(
          {
            ...fields,
            intent: "passkey",
            response: JSON.stringify(response),
            name: nameField.current?.value ?? "",
          },
          { method: "post" },
        );
      })
      .catch((failure: unknown) => setProblem(describeBrowserFailure(failure)))
      .finally(() => setSettled(result));
  }, [ceremony, fetcher.data, fetcher.state, fields, submit]);

  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "passkey";
  const running = Boolean(fetcher.data && "options" in fetcher.data && settled !== fetcher.data);
  const busy = fetcher.state !== "idle" || running || submitting;
  const optionsError = fetcher.data && "error" in fetcher.data ? fetcher.data.error : undefined;
  // A refused name is shown at the name field instead.
  const shown = problem ?? optionsError ?? (nameError ? undefined : error);

  return (
    <div className="space-y-3">
      {withName ? (
        <TextField
          label="Passkey name (optional)"
          name="passkeyName"
          constraint={nameLimits.name}
          placeholder="e.g. Work laptop"
          ref={nameField}
          error={nameError}
        />
      ) : null}
      <Button
        variant={variant}
        width="full"
        disabled={supported !== true || busy}
        aria-describedby={supported === false ? hintId : undefined}
        onClick={() => {
          setProblem(null);
          void fetcher.submit({ ...fields, intent: "passkey-options" }, { method: "post" });
        }}
      >
        {busy ? busyLabel : label}
      </Button>
      {supported === false ? (
        <p id={hintId} className="text-sm text-ink-muted">
          This browser cannot use passkeys.
        </p>
      ) : null}
      <noscript>
        <p className="text-sm text-ink-muted">Passkeys need JavaScript.</p>
      </noscript>
      {shown ? (
        <p role="alert" className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
