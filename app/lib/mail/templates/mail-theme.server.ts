/**
 * The look of every mail, as inline styles: mail clients drop <style> blocks
 * and external CSS, and many ignore classes, so each element carries its own.
 * Colours match the site (stone text, amber actions); the action colour keeps
 * white text above 7:1 contrast.
 */
export const mailTheme = {
  font: "Arial, Helvetica, sans-serif",
  text: "#1c1917",
  muted: "#57534e",
  canvas: "#f5f5f4",
  card: "#ffffff",
  border: "#e7e5e4",
  action: "#92400e",
  actionText: "#ffffff",
  width: 640,
} as const;
