/** Shown when the inquiry is gone: on load (a 404), or live, above the last state and its draft. */
export function InquiryDeletedNotice({ live }: { live: boolean }) {
  return (
    <div role="alert" className="rounded-lg border border-danger-line bg-danger-wash p-4 text-danger-deep">
      <p className="font-semibold">This inquiry has been deleted.</p>
      {live ? <p className="text-sm">Nothing below can be sent or saved any more.</p> : null}
    </div>
  );
}
