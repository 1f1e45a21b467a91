/**
 * Reading a route's static markup in component tests, where no DOM is
 * installed: elements by tag, and the text a fragment shows.
 */

/** Every `<tag>` element of `html`, whole (nested ones too, and void ones as `<input …/>`), in document order. */
export function elementsOf(html: string, tag: string): string[] {
  const found: [number, string][] = [];
  const open: number[] = [];
  for (const match of html.matchAll(new RegExp(`<(/?)${tag}\\b[^>]*>`, "g"))) {
    if (match[0].endsWith("/>")) found.push([match.index, match[0]]);
    else if (!match[1]) open.push(match.index);
    else {
      const start = open.pop();
      if (start !== undefined) found.push([start, html.slice(start, match.index + match[0].length)]);
    }
  }
  return found.sort(([a], [b]) => a - b).map(([, element]) => element);
}

/** The one `<tag>` element whose opening tag holds `attribute` (as in `aria-label="Owner"`). */
export function elementOf(html: string, tag: string, attribute: string): string {
  const matching = elementsOf(html, tag).filter((element) =>
    element.slice(0, element.indexOf(">")).includes(attribute),
  );
  if (matching.length !== 1) throw new Error(`${matching.length} <${tag} ${attribute}> elements`);
  return matching[0]!;
}

/** The attributes of an element's opening tag, as written (values still escaped). */
export function attributesOf(element: string): Record<string, string> {
  const tag = element.slice(0, element.indexOf(">"));
  return Object.fromEntries(
    [...tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)].map((match) => [match[1], match[2] ?? ""]),
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/** The text a fragment shows: tags dropped, entities decoded, runs of space as one. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}
