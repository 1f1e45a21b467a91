/**
 * Small buttons of an inquiry card: component classes in app.css, so a
 * 25-card page does not repeat the same dozen utilities on every button.
 * Secondary is the plain btn; `extra` adds an icon-<name> or a tone.
 * In the card's action row every link and button is a btn already
 * (`inRow`), so there only the variant and the extras are named.
 */
export function cardButtonClass(
  variant: "primary" | "secondary" | "ghost",
  extra = "",
  { inRow = false }: { inRow?: boolean } = {},
): string {
  const classes = [inRow ? "" : "btn", variant === "secondary" ? "" : `btn-${variant}`, extra];
  return classes.filter(Boolean).join(" ");
}

/**
 * The inbox frame's secondary buttons (the bulk bar's, saving a view, the
 * pages, the export): the shared shape and one component class in app.css
 * instead of the secondary variant's utilities on each, in every inbox page.
 */
export const INBOX_BUTTON = "ui-button inbox-button";
