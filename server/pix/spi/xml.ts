/**
 * Reading and writing the network's XML safely: fast-xml-parser with no entity processing and
 * no DOCTYPE at all (no external entities, no entity expansion bombs), our own decoding of the
 * five predefined entities and character references, and XMLBuilder (which escapes) for output.
 * Shared by the SPI messages and the DICT bodies; errors are `SpiMessageError`s whose codes the
 * SPI side answers with, and which the DICT side reads as "unreadable answer".
 */
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { SPI_REJECTION_CODES, SpiMessageError } from "./types";

/** An element as the parser gives it: text, or attributes (`@_name`) and children by name. */
export type XmlNode = string | { [name: string]: XmlValue };
type XmlValue = XmlNode | XmlNode[];

const TEXT = "#text";
const CDATA = "#cdata";
const ATTRIBUTE = "@_";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  cdataPropName: CDATA,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // prefixes are removed below, once the root's namespace declaration has been read
  removeNSPrefix: false,
  trimValues: true,
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  suppressEmptyNode: false,
  processEntities: true,
});

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
// Characters XML 1.0 does not allow, and UTF-16 halves without their other half.
const ILLEGAL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
const PREDEFINED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const unreadable = (why: string) => new SpiMessageError(SPI_REJECTION_CODES.unreadable, why);

/** Refuses what must never reach an XML parser: a DOCTYPE (or entity declaration), illegal characters. */
export function refuseUnsafeXml(xml: string): void {
  if (typeof xml !== "string" || xml.trim() === "") throw unreadable("the body is empty");
  if (DOCTYPE.test(xml)) throw unreadable("a DOCTYPE or entity declaration is not allowed");
  if (ILLEGAL_CHARACTER.test(xml)) throw unreadable("the body holds characters XML does not allow");
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

/** The tree with prefixes removed from element and attribute names, and namespace declarations left out. */
function withoutPrefixes(value: XmlValue): XmlValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => withoutPrefixes(item) as XmlNode);
  const result: Record<string, XmlValue> = {};
  for (const [name, child] of Object.entries(value)) {
    if (name === `${ATTRIBUTE}xmlns` || name.startsWith(`${ATTRIBUTE}xmlns:`)) continue;
    const local = name.startsWith(ATTRIBUTE)
      ? `${ATTRIBUTE}${localName(name.slice(ATTRIBUTE.length))}`
      : localName(name);
    result[local] = withoutPrefixes(child);
  }
  return result;
}

/** The namespace a root element declares for its own name (`xmlns`, or `xmlns:p` for `p:Name`). */
function namespaceOfRoot(qualifiedName: string, root: XmlValue): string | undefined {
  if (typeof root === "string" || Array.isArray(root)) return undefined;
  const colon = qualifiedName.indexOf(":");
  const declaration = colon === -1 ? `${ATTRIBUTE}xmlns` : `${ATTRIBUTE}xmlns:${qualifiedName.slice(0, colon)}`;
  const namespace = root[declaration];
  return typeof namespace === "string" ? namespace : undefined;
}

export type ParsedXml = {
  /** The root element's local name. */
  rootName: string;
  /** The namespace of the root element, as it declares it; undefined when it has none. */
  rootNamespace: string | undefined;
  /** The root element, prefixes removed from every name. */
  root: XmlNode;
};

/** The document's one root element, by name (namespace prefixes removed), and its namespace. */
export function parseXml(xml: string): ParsedXml {
  refuseUnsafeXml(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw unreadable(`not well-formed XML: ${valid.err.msg}`);
  const tree = parser.parse(xml) as Record<string, XmlValue>;
  const names = Object.keys(tree);
  const qualifiedName = names[0];
  if (names.length !== 1 || qualifiedName === undefined || Array.isArray(tree[qualifiedName]))
    throw unreadable("an XML document has one root element");
  const root = tree[qualifiedName] as XmlNode;
  return {
    rootName: localName(qualifiedName),
    rootNamespace: namespaceOfRoot(qualifiedName, root),
    root: withoutPrefixes(root) as XmlNode,
  };
}

/** Parses without validating, for best-effort reading of a message that is refused anyway. */
export function parseXmlLeniently(xml: string): Record<string, XmlValue> | null {
  try {
    if (typeof xml !== "string" || DOCTYPE.test(xml)) return null;
    return withoutPrefixes(parser.parse(xml) as XmlNode) as Record<string, XmlValue>;
  } catch {
    return null;
  }
}

/** A tree of plain objects (children in order, `@_` attributes, `#text`) as an XML document. */
export function buildXml(tree: Record<string, unknown>): string {
  return `${XML_DECLARATION}${builder.build(tree)}`;
}

function decodeEntities(raw: string, where: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (match, name: string) => {
    if (!match.endsWith(";")) throw unreadable(`a bare "&" in ${where}`);
    const predefined = Object.hasOwn(PREDEFINED_ENTITIES, name) ? PREDEFINED_ENTITIES[name] : undefined;
    if (predefined !== undefined) return predefined;
    const code = /^#x[0-9a-fA-F]{1,6}$/.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#\d{1,7}$/.test(name)
        ? Number.parseInt(name.slice(1), 10)
        : Number.NaN;
    const character = code <= 0x10ffff ? String.fromCodePoint(code) : "";
    if (
      Number.isNaN(code) ||
      character === "" ||
      ILLEGAL_CHARACTER.test(character) ||
      (code >= 0xd800 && code <= 0xdfff)
    )
      throw unreadable(`an unknown entity "&${name};" in ${where}`);
    return character;
  });
}

const invalid = (why: string) => new SpiMessageError(SPI_REJECTION_CODES.invalidField, why);

/** The one child element `name` of `node`, or undefined; a repeated element is refused. */
export function childOf(node: XmlNode | undefined, name: string, where: string): XmlNode | undefined {
  if (node === undefined || typeof node === "string" || !Object.hasOwn(node, name)) return undefined;
  const value = node[name];
  if (Array.isArray(value)) throw invalid(`${where}/${name} appears more than once`);
  return value;
}

/** The element at `path` ("A/B/C") under `node`. */
export function elementAt(node: XmlNode | undefined, path: string, where: string): XmlNode | undefined {
  let current = node;
  let at = where;
  for (const name of path.split("/")) {
    current = childOf(current, name, at);
    at = `${at}/${name}`;
    if (current === undefined) return undefined;
  }
  return current;
}

/** The text of an element (entities decoded), or undefined when it has child elements. */
export function textOf(node: XmlNode | undefined, where: string): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === "string") return decodeEntities(node, where);
  const children = Object.keys(node).filter((name) => !name.startsWith(ATTRIBUTE));
  if (children.some((name) => name !== TEXT && name !== CDATA)) throw invalid(`${where} must hold text, not elements`);
  if (children.length > 1) throw invalid(`${where} mixes text and CDATA`);
  const text = node[TEXT];
  const cdata = node[CDATA];
  if (Array.isArray(text) || Array.isArray(cdata)) throw invalid(`${where} holds more than one text`);
  if (typeof text === "string") return decodeEntities(text, where);
  if (typeof cdata === "string") return cdata;
  return "";
}

/** The value of attribute `name` of an element (entities decoded). */
export function attributeOf(node: XmlNode | undefined, name: string, where: string): string | undefined {
  if (node === undefined || typeof node === "string") return undefined;
  const value = node[`${ATTRIBUTE}${name}`];
  return typeof value === "string" ? decodeEntities(value, `${where}/@${name}`) : undefined;
}

/** Names of the child elements of `node` (attributes and text left out). */
export function childNames(node: XmlNode | undefined): string[] {
  if (node === undefined || typeof node === "string") return [];
  return Object.keys(node).filter((name) => !name.startsWith(ATTRIBUTE) && name !== TEXT && name !== CDATA);
}

/** Text content wrapped for the builder with attributes: `<X a="…">text</X>`. */
export function withAttributes(text: string, attributes: Record<string, string>): Record<string, string> {
  const node: Record<string, string> = { [TEXT]: text };
  for (const [name, value] of Object.entries(attributes)) node[`${ATTRIBUTE}${name}`] = value;
  return node;
}

/** Attributes only, for an empty element: `<X a="…"/>`. */
export function attributesOnly(attributes: Record<string, string>): Record<string, string> {
  const node: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) node[`${ATTRIBUTE}${name}`] = value;
  return node;
}
