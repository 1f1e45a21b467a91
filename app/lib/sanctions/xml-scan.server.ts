import { SaxesParser } from "saxes";

/**
 * Reads XML from outside through `saxes`, a strict, non-validating streaming parser (jsdom's): elements
 * and their text, nothing else. saxes never reads a DTD's declarations, so it defines no entity and
 * expands none; we go further and refuse any document type declaration (billion laughs, external
 * entities) and name an undeclared entity in the refusal. Depth and text length are limited here, the
 * file's size by the caller. Every refusal is one line for the operator.
 */

/** Why a file was refused, in one line for the operator. */
export class XmlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlRefused";
  }
}

export interface XmlHandlers {
  open(name: string, depth: number): void;
  text(text: string, depth: number): void;
  close(name: string, depth: number): void;
}

export interface XmlScanLimits {
  depth: number;
  textChars: number;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
};

/**
 * The entities saxes may resolve: the five predefined. Any other name is refused here, where its name is
 * still known (saxes' own error would not say which).
 */
const ENTITIES = new Proxy(PREDEFINED, {
  get(target, name) {
    if (typeof name === "string" && Object.hasOwn(target, name)) return target[name];
    throw new XmlRefused(`the file uses an undeclared entity &${String(name)};`);
  },
}) as Record<string, string>;

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** saxes' messages ("3:14: unclosed tag: Name") as the operator reads them. */
function refusal(error: Error): XmlRefused {
  const [, line, column, message = error.message] = /^(\d+):(\d+): (.*)$/s.exec(error.message) ?? [];
  const unclosed = /^unclosed tag: (\S+)$/.exec(message);
  if (unclosed) return new XmlRefused(`the file is truncated: it ends inside <${localName(unclosed[1]!)}>`);
  if (message.startsWith("text data outside of root node"))
    return new XmlRefused("the file has text outside its root element");
  if (message.startsWith("document must contain a root element"))
    return new XmlRefused("the file is empty or not XML");
  if (message.startsWith("documents may contain only one root"))
    return new XmlRefused("the file has more than one root element");
  const where = line ? ` at line ${line}, column ${column}` : "";
  return new XmlRefused(`the file is not well-formed XML${where}: ${message.replace(/\s+/g, " ")}`);
}

/** Reads `xml` start to end, calling `handlers`; throws XmlRefused on what it will not read. */
export function scanXml(xml: string, limits: XmlScanLimits, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ position: true });
  parser.ENTITIES = ENTITIES;
  const stack: string[] = [];
  const onText = (text: string) => {
    if (text.length === 0 || stack.length === 0) return;
    if (text.length > limits.textChars)
      throw new XmlRefused(`an element's text is over ${limits.textChars} characters`);
    handlers.text(text, stack.length);
  };
  parser.on("doctype", () => {
    throw new XmlRefused("the file declares a DTD, which is refused (no entity is expanded)");
  });
  parser.on("opentag", (tag) => {
    if (stack.length >= limits.depth)
      throw new XmlRefused(`the file nests elements deeper than ${limits.depth}`);
    const name = localName(tag.name);
    stack.push(name);
    handlers.open(name, stack.length);
  });
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    handlers.close(stack.at(-1)!, stack.length);
    stack.pop();
  });
  parser.on("error", (error) => {
    throw refusal(error);
  });
  parser.write(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml).close();
}
