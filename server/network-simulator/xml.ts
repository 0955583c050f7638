import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";

/** A parsed XML element: child elements by local name, attributes as "@_name", text as "#text". */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** An XML text the simulator will not read: not well-formed, or carrying a DOCTYPE. */
export class UnreadableXml extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

// an attribute "true" is written hasEntry="true", not as a bare HTML-style attribute
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
});

// A DOCTYPE can declare entities (expansion bombs, external files); no message of the network needs one.
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;

export interface ParsedXml {
  rootName: string;
  /** Namespace of the root element (its default or prefixed xmlns). */
  rootNamespace: string | undefined;
  root: XmlNode;
}

/** Reads an XML text into plain objects with namespace prefixes removed from element names. */
export function parseXml(text: string): ParsedXml {
  if (DOCTYPE.test(text)) throw new UnreadableXml("XML with a DOCTYPE or entity declaration is refused");
  const validation = XMLValidator.validate(text);
  if (validation !== true)
    throw new UnreadableXml(`XML is not well-formed: ${validation.err.msg} (line ${validation.err.line})`);
  const document = parser.parse(text) as XmlNode;
  const rootKeys = Object.keys(document).filter((key) => !key.startsWith("?") && !key.startsWith("#"));
  if (rootKeys.length !== 1) throw new UnreadableXml("XML must have exactly one root element");
  const qualifiedName = rootKeys[0] as string;
  const rootValue = document[qualifiedName];
  const root: XmlNode =
    typeof rootValue === "object" && !Array.isArray(rootValue) ? rootValue : { "#text": String(rootValue) };
  const prefix = qualifiedName.includes(":") ? qualifiedName.split(":")[0] : undefined;
  const namespaceAttribute = prefix ? `@_xmlns:${prefix}` : "@_xmlns";
  const namespace = root[namespaceAttribute];
  return {
    rootName: localName(qualifiedName),
    rootNamespace: typeof namespace === "string" ? namespace : undefined,
    root: withoutPrefixes(root) as XmlNode,
  };
}

function localName(qualifiedName: string): string {
  const colon = qualifiedName.indexOf(":");
  return colon === -1 ? qualifiedName : qualifiedName.slice(colon + 1);
}

function withoutPrefixes(value: XmlValue): XmlValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(withoutPrefixes);
  const result: XmlNode = {};
  for (const [key, child] of Object.entries(value)) {
    const name = key.startsWith("@_") || key === "#text" ? key : localName(key);
    result[name] = withoutPrefixes(child);
  }
  return result;
}

/** Writes plain objects (same shape as parseXml reads) as an XML text with a UTF-8 declaration. */
export function buildXml(rootName: string, root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [rootName]: root })}`;
}

/** The child element at a path of local names ("AppHdr/Fr/FIId"), or undefined; repeated elements yield an array. */
export function at(node: XmlValue | undefined, path: string): XmlValue | undefined {
  let current: XmlValue | undefined = node;
  for (const name of path.split("/")) {
    if (current === undefined || typeof current === "string" || Array.isArray(current)) return undefined;
    current = current[name];
  }
  return current;
}

/** The text of the element at a path (an element with attributes gives its #text), or undefined. */
export function textAt(node: XmlValue | undefined, path: string): string | undefined {
  return textOf(at(node, path));
}

export function textOf(value: XmlValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return undefined;
  const text = value["#text"];
  if (typeof text === "string") return text;
  const hasChildren = Object.keys(value).some((key) => !key.startsWith("@_"));
  return hasChildren ? undefined : "";
}

export function attributeAt(node: XmlValue | undefined, path: string, attribute: string): string | undefined {
  const element = at(node, path);
  if (element === undefined || typeof element === "string" || Array.isArray(element)) return undefined;
  const value = element[`@_${attribute}`];
  return typeof value === "string" ? value : undefined;
}

/** Finds the first element with a local name anywhere below a node (depth first). */
export function findElement(node: XmlValue | undefined, name: string): XmlValue | undefined {
  if (node === undefined || typeof node === "string") return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findElement(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith("@_") || key === "#text") continue;
    if (key === name) return child;
    const found = findElement(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
