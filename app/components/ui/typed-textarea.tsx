import { type ComponentProps, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Textarea } from "~/components/ui/input";

interface Typed {
  value: string;
  start: number;
  end: number;
}

/** Kept by element until put back: a hydration React starts again reads an element it has already reset. */
const seen = new WeakMap<HTMLTextAreaElement, Typed>();

/** What was typed into the server's textarea before React hydrated it, with the caret; null if nothing. */
function typedBeforeHydration(id: string): Typed | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(id);
  if (!(element instanceof HTMLTextAreaElement)) return null;
  const earlier = seen.get(element);
  if (earlier) return earlier;
  if (element.value === element.defaultValue) return null;
  const typed = { value: element.value, start: element.selectionStart, end: element.selectionEnd };
  seen.set(element, typed);
  return typed;
}

/**
 * An uncontrolled textarea that keeps text typed before the page hydrated: React sets a
 * <textarea>'s value back to the server's text (react-dom's initTextarea). The text is read in
 * render and put back when the hydration commits, with an input event as typing would send.
 * `defaultValue` is never applied again, so a live refresh changes nothing in the box.
 */
export function TypedTextarea({
  id,
  defaultValue,
  ...props
}: ComponentProps<"textarea"> & { id: string; defaultValue: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [typed] = useState(() => typedBeforeHydration(id));
  const [initial] = useState(defaultValue);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!typed || !element) return;
    seen.delete(element);
    if (element.value === typed.value) return;
    element.value = typed.value;
    element.setSelectionRange(typed.start, typed.end);
  }, [typed]);
  useEffect(() => {
    if (typed) ref.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [typed]);
  return <Textarea ref={ref} id={id} defaultValue={initial} {...props} />;
}
