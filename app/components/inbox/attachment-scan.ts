/** A received file (mail attachment or WhatsApp media) is a link only once the virus scanner passed it. */
export function downloadable(scan: string | null): boolean {
  return scan === "clean";
}

/** What the lead page says after a kept file's name until, and unless, it may be downloaded. */
export function scanNote(scan: string | null, signature: string | null): string {
  if (scan === "clean") return "";
  if (scan === "infected")
    return ` – refused: the virus scanner found ${signature ?? "a threat"}, and the file was deleted`;
  return " – being checked for viruses";
}
