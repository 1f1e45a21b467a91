/** Inline styles: mail clients drop <style> blocks. The action colour keeps white text above 7:1 contrast. */
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
