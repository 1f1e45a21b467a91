import crypto from "node:crypto";
import { sanctionsListLimits } from "~/content/sanctions";
import { scanXml, XmlRefused } from "~/lib/sanctions/xml-scan.server";

/*
 * The FCDO's UK Sanctions List in its XML format (decision 084): a <Designations> root with its
 * <DateGenerated> (dd/mm/yyyy) and one <Designation> per designated person, entity or ship, whose
 * <Names> hold <Name> elements of Name1..Name6 and a NameType (Primary Name, Primary Name
 * Variation, Alias) and whose <NonLatinNames> hold <NameNonLatinScript>.
 */

interface ListName {
  name: string;
  /** Primary Name, Primary Name Variation, Alias or Non-Latin Script, as the list spells it. */
  type: string;
}

interface ListEntry {
  uniqueId: string;
  /** Individual, Entity or Ship. */
  kind: string;
  regime: string | null;
  names: ListName[];
  /** SHA-256 of everything the list says of the entry: equal hashes, unchanged entry. */
  contentHash: string;
}

export interface ParsedList {
  /** DateGenerated as an ISO date. */
  publishedOn: string;
  entries: ListEntry[];
  sha256: string;
}

/** An element of a designation, kept until the designation closes. */
interface Node {
  name: string;
  text: string;
  children: Node[];
}

const child = (node: Node, name: string) => node.children.find((each) => each.name === name);
const children = (node: Node | undefined, name: string) =>
  node?.children.filter((each) => each.name === name) ?? [];
const textOf = (node: Node | undefined) => node?.text.replace(/\s+/g, " ").trim() ?? "";

function canonical(node: Node): unknown {
  return [node.name, textOf(node), node.children.map(canonical)];
}

/** dd/mm/yyyy to yyyy-mm-dd; null when it is not a real date. */
function isoDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

function readEntry(node: Node): ListEntry {
  const uniqueId = textOf(child(node, "UniqueID"));
  if (!uniqueId)
    throw new XmlRefused("a <Designation> has no <UniqueID>: this is not the UK Sanctions List format");
  const names: ListName[] = [];
  for (const name of children(child(node, "Names"), "Name")) {
    const parts = ["Name1", "Name2", "Name3", "Name4", "Name5", "Name6"].map((part) =>
      textOf(child(name, part)),
    );
    const full = parts.filter(Boolean).join(" ");
    if (full) names.push({ name: full, type: textOf(child(name, "NameType")) || "Alias" });
  }
  for (const nonLatin of children(child(node, "NonLatinNames"), "NonLatinName")) {
    const full = textOf(child(nonLatin, "NameNonLatinScript"));
    if (full) names.push({ name: full, type: "Non-Latin Script" });
  }
  if (names.length === 0) throw new XmlRefused(`designation ${uniqueId} has no name`);
  if (names.length > sanctionsListLimits.namesPerEntry) {
    throw new XmlRefused(`designation ${uniqueId} has more than ${sanctionsListLimits.namesPerEntry} names`);
  }
  const primary = names.find((each) => /^primary name$/i.test(each.type)) ?? names[0]!;
  return {
    uniqueId,
    kind: textOf(child(node, "IndividualEntityShip")) || "Unknown",
    regime: textOf(child(node, "RegimeName")) || null,
    names: [primary, ...names.filter((each) => each !== primary)],
    contentHash: crypto
      .createHash("sha256")
      .update(JSON.stringify(canonical(node)))
      .digest("base64url"),
  };
}

/** Reads the list from the file's bytes; throws XmlRefused, with a one-line reason, for anything else. */
export function parseUkSanctionsList(bytes: Uint8Array): ParsedList {
  if (bytes.byteLength > sanctionsListLimits.fileBytes) {
    throw new XmlRefused(`the file is over ${sanctionsListLimits.fileBytes / 1024 / 1024} MB`);
  }
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new XmlRefused("the file is not UTF-8 text");
  }
  let dateGenerated: string | null = null;
  const entries: ListEntry[] = [];
  const seen = new Set<string>();
  // The designation being read, as a stack of its open elements.
  let open: Node[] = [];
  let rootChecked = false;
  let inDate = false;
  let dateText = "";

  scanXml(xml, sanctionsListLimits, {
    open(name, depth) {
      if (depth === 1) {
        if (name !== "Designations") {
          throw new XmlRefused(
            `this is not the UK Sanctions List: its root is <${name}>, not <Designations>`,
          );
        }
        rootChecked = true;
      } else if (depth === 2) {
        inDate = name === "DateGenerated";
        if (name === "Designation") open = [{ name, text: "", children: [] }];
      } else if (open.length > 0) {
        const node = { name, text: "", children: [] };
        open.at(-1)!.children.push(node);
        open.push(node);
      }
    },
    text(text, depth) {
      if (depth === 2 && inDate) dateText += text;
      else if (open.length > 0) open.at(-1)!.text += text;
    },
    close(_name, depth) {
      if (depth === 2) {
        if (inDate) dateGenerated = isoDate(dateText.trim());
        inDate = false;
        if (open.length === 1) {
          const entry = readEntry(open[0]!);
          if (seen.has(entry.uniqueId)) throw new XmlRefused(`designation ${entry.uniqueId} appears twice`);
          if (entries.length >= sanctionsListLimits.entries) {
            throw new XmlRefused(`the file has more than ${sanctionsListLimits.entries} designations`);
          }
          seen.add(entry.uniqueId);
          entries.push(entry);
        }
        open = [];
      } else if (open.length > 0) open.pop();
    },
  });

  if (!rootChecked) throw new XmlRefused("this is not the UK Sanctions List");
  if (!dateGenerated) throw new XmlRefused("the file has no valid <DateGenerated> (dd/mm/yyyy)");
  if (entries.length === 0) throw new XmlRefused("the file has no <Designation>");
  return {
    publishedOn: dateGenerated,
    entries,
    sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
  };
}
