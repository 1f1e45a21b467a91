/**
 * Small buttons of an inquiry card: component classes in app.css, so a
 * 25-card page does not repeat the same dozen utilities on every button.
 * Secondary is the plain btn; `extra` adds an icon-<name> or a tone.
 */
export function cardButtonClass(variant: "primary" | "secondary" | "ghost", extra = ""): string {
  const base = variant === "secondary" ? "btn" : `btn btn-${variant}`;
  return extra ? `${base} ${extra}` : base;
}
