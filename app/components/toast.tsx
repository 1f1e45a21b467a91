import { CircleAlert, CircleCheck, X } from "lucide-react";
import { useId } from "react";
import type { Toast } from "~/lib/http/toast";

export type { Toast };

/**
 * One toast, fixed to the corner of the screen. Dismissing works without
 * JavaScript: the close control is a visually hidden checkbox whose label is
 * the button, and `peer-checked` hides the toast.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const id = useId();
  if (!toast) return null;
  const destructive = toast.variant === "destructive";
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    // A labelled region: the root layout renders a redirect's toast outside <main>,
    // and all content belongs to a landmark.
    <section
      aria-label="Notification"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
    >
      <input id={id} type="checkbox" className="peer sr-only" aria-label="Dismiss notification" />
      <div
        role={destructive ? "alert" : "status"}
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden ${
          destructive ? "border-danger bg-danger text-on-fill" : "border-line bg-surface text-ink"
        }`}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className={`mt-1 text-sm ${destructive ? "text-danger-wash" : "text-ink-muted"}`}>
              {toast.description}
            </p>
          ) : null}
        </div>
        <label htmlFor={id} className="cursor-pointer rounded p-1 hover:bg-black/10">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Dismiss</span>
        </label>
      </div>
    </section>
  );
}

/** The toast of a refused form. */
export const errorToast = (description: string, title = "Error"): Toast => ({
  title,
  description,
  variant: "destructive",
});
