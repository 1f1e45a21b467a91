import { type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/** Opened by `?delete=<id>`: without JavaScript an open <dialog> inline; with it, the same element made modal. */
export function DeleteDialog({
  id,
  name,
  fetcherKey,
  cancelHref,
  children,
}: {
  id: string;
  name: string;
  fetcherKey: string;
  cancelHref: string;
  /** More fields for the form, such as the confirmation a page's action requires. */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher({ key: fetcherKey });
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);
  const titleId = `delete-title-${id}`;
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        void navigate(cancelHref, { preventScrollReset: true, replace: true });
      }}
      className="relative z-40 mt-4 w-full max-w-md rounded-xl border border-danger-line bg-surface p-6 text-ink shadow-xl backdrop:bg-surface-inverse/50 open:block [&:modal]:m-auto"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        Delete this inquiry?
      </h3>
      <p className="mt-2 text-sm text-ink-muted">
        The inquiry from <strong>{name}</strong> will be erased for good, with its notes. This cannot be
        undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={cancelHref} replace preventScrollReset className={buttonVariants({ variant: "secondary" })}>
          Cancel
        </Link>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={id} />
          {children}
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete inquiry
          </Button>
        </fetcher.Form>
      </div>
    </dialog>
  );
}
