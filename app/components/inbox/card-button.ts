/**
 * Component classes in app.css, so a 25-card page does not repeat the same dozen utilities on every
 * button. In the card's action row every link and button is a btn already (`inRow`).
 */
export function cardButtonClass(
  variant: "primary" | "secondary" | "ghost",
  extra = "",
  { inRow = false }: { inRow?: boolean } = {},
): string {
  const classes = [inRow ? "" : "btn", variant === "secondary" ? "" : `btn-${variant}`, extra];
  return classes.filter(Boolean).join(" ");
}

/** The inbox frame's secondary buttons: one component class instead of the variant's utilities on each. */
export const INBOX_BUTTON = "ui-button inbox-button";
