import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Safe parsing of untrusted invoice XML into a namespace-free tree, and small readers over it.
 * EN 16931 XML never needs a document type declaration: one is refused outright, so no entity
 * beyond the five predefined ones is ever expanded. */

export type XmlNode = Record<string, unknown>;

/** Invoice XML of real e-invoices is tens of kilobytes; more is refused before parsing. */
export const MAX_XML_CHARS = 2_000_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: 100,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export class XmlRefused extends Error {}

export function parseXml(text: string): XmlNode {
  if (text.length > MAX_XML_CHARS) throw new XmlRefused(`the XML is larger than ${MAX_XML_CHARS} characters`);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlRefused('the XML declares a document type (not allowed in EN 16931 XML)');
  // The parser is lenient (an unclosed element passes); the validator is not.
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlRefused(`the XML is not well-formed (${valid.err.msg}, line ${valid.err.line})`);
  try {
    return parser.parse(text) as XmlNode;
  } catch (err) {
    throw new XmlRefused(`the XML is not well-formed (${(err as Error).message.split('\n')[0]})`);
  }
}

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** Every node at a path of element names (a repeated element fans out). */
export function all(node: unknown, ...path: string[]): unknown[] {
  let level: unknown[] = [node];
  for (const name of path) level = level.flatMap((n) => (n && typeof n === 'object' ? asArray((n as XmlNode)[name]) : []));
  return level;
}

export const first = (node: unknown, ...path: string[]): unknown => all(node, ...path)[0];

/** The text of an element (its `#text` when it carries attributes). */
export function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && '#text' in node) return textOf((node as XmlNode)['#text']);
  return null;
}

export const text = (node: unknown, ...path: string[]): string | null => textOf(first(node, ...path));

export const attr = (node: unknown, name: string): string | null => {
  const v = node && typeof node === 'object' ? (node as XmlNode)[`@${name}`] : undefined;
  return typeof v === 'string' ? v : null;
};

/** A decimal as XML Schema writes it (a dot, no grouping); null when it is not one. */
export function decimal(node: unknown): number | null {
  const t = textOf(node);
  if (!t || !/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

export const amount = (node: unknown, ...path: string[]): number | null => decimal(first(node, ...path));

/** YYYYMMDD (CII format 102) or YYYY-MM-DD (UBL) as ISO; null for anything else. */
export function isoDate(t: string | null): string | null {
  const m = t?.trim().match(/^(\d{4})-?(\d{2})-?(\d{2})$/);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export const joinAddress = (parts: Array<string | null>): string | null => {
  const kept = parts.map((p) => p?.trim()).filter((p): p is string => !!p);
  return kept.length ? kept.join(', ') : null;
};
