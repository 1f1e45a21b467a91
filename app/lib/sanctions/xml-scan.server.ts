/**
 * A small XML reader for files from outside: elements and their text, nothing else. A document that
 * declares a DTD is refused, so no entity is ever defined, let alone expanded (billion laughs, external
 * entities); only the five predefined entities and character references are decoded. Attributes are
 * read past, never kept. A document that ends inside an element is refused as truncated.
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

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const OPEN_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const CLOSE_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;

function decodeText(raw: string): string {
  return raw.replace(/&([^;&\s]{1,10});/g, (_, entity: string) => {
    if (entity in PREDEFINED) return PREDEFINED[entity]!;
    const code = /^#x([0-9a-f]{1,6})$/i.exec(entity)
      ? parseInt(entity.slice(2), 16)
      : /^#(\d{1,7})$/.test(entity)
        ? Number(entity.slice(1))
        : null;
    if (code === null) throw new XmlRefused(`the file uses an undeclared entity &${entity};`);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      throw new XmlRefused("the file has a bad character");
    return String.fromCodePoint(code);
  });
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Reads `xml` start to end, calling `handlers`; throws XmlRefused on what it will not read. */
export function scanXml(xml: string, limits: XmlScanLimits, handlers: XmlHandlers): void {
  const stack: string[] = [];
  let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  let sawRoot = false;
  const truncated = () => new XmlRefused(`the file is truncated: it ends inside <${stack.at(-1) ?? "?"}>`);
  const skipTo = (marker: string, from: number) => {
    const end = xml.indexOf(marker, from);
    if (end < 0) throw stack.length > 0 ? truncated() : new XmlRefused("the file is not well-formed XML");
    return end + marker.length;
  };
  const emitText = (text: string) => {
    if (text.length === 0) return;
    if (stack.length === 0) {
      if (text.trim().length > 0) throw new XmlRefused("the file has text outside its root element");
      return;
    }
    if (text.length > limits.textChars)
      throw new XmlRefused(`an element's text is over ${limits.textChars} characters`);
    handlers.text(text, stack.length);
  };

  while (pos < xml.length) {
    const lt = xml.indexOf("<", pos);
    if (lt < 0) {
      emitText(decodeText(xml.slice(pos)));
      break;
    }
    if (lt > pos) emitText(decodeText(xml.slice(pos, lt)));
    if (xml.startsWith("<?", lt)) pos = skipTo("?>", lt + 2);
    else if (xml.startsWith("<!--", lt)) pos = skipTo("-->", lt + 4);
    else if (xml.startsWith("<![CDATA[", lt)) {
      const end = skipTo("]]>", lt + 9);
      emitText(xml.slice(lt + 9, end - 3));
      pos = end;
    } else if (xml.startsWith("<!", lt)) {
      throw new XmlRefused("the file declares a DTD, which is refused (no entity is expanded)");
    } else if (xml.startsWith("</", lt)) {
      CLOSE_TAG.lastIndex = lt;
      const match = CLOSE_TAG.exec(xml);
      if (!match)
        throw xml.indexOf(">", lt) < 0 ? truncated() : new XmlRefused("the file is not well-formed XML");
      const name = localName(match[1]!);
      if (stack.at(-1) !== name)
        throw new XmlRefused(`the file is not well-formed XML: </${name}> closes nothing open`);
      handlers.close(name, stack.length);
      stack.pop();
      pos = CLOSE_TAG.lastIndex;
    } else {
      OPEN_TAG.lastIndex = lt;
      const match = OPEN_TAG.exec(xml);
      if (!match)
        throw xml.indexOf(">", lt) < 0 ? truncated() : new XmlRefused("the file is not well-formed XML");
      const name = localName(match[1]!);
      if (stack.length === 0 && sawRoot) throw new XmlRefused("the file has more than one root element");
      if (stack.length >= limits.depth)
        throw new XmlRefused(`the file nests elements deeper than ${limits.depth}`);
      sawRoot = true;
      stack.push(name);
      handlers.open(name, stack.length);
      if (match[3] === "/") {
        handlers.close(name, stack.length);
        stack.pop();
      }
      pos = OPEN_TAG.lastIndex;
    }
  }
  if (stack.length > 0) throw truncated();
  if (!sawRoot) throw new XmlRefused("the file is empty or not XML");
}
