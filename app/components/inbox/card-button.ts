/**
 * Small buttons of an inquiry card: component classes in app.css, so a
 * 25-card page does not repeat the same dozen utilities on every button.
 */
export function cardButtonClass(variant: "primary" | "secondary" | "ghost", extra = ""): string {
  return `card-button card-button-${variant} ${extra}`.trim();
}
