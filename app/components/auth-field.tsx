import { type InputHTMLAttributes, useId } from "react";
import { buttonClass } from "./ui/button-link";

/** A labelled input of the account forms, with its error tied to it for screen readers. */
export function AuthField({
  label,
  error,
  ...input
}: { label: string; error?: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-amber-600 focus:ring-2 focus:ring-amber-600/30 focus:outline-none ${
          error ? "border-red-700" : "border-stone-300"
        }`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={buttonClass("primary", "w-full disabled:cursor-not-allowed disabled:opacity-70")}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
