import { mapCii } from './cii.js';
import type { EInvoice } from './types.js';
import { mapUbl } from './ubl.js';
import { parseXml, XmlRefused, type XmlNode } from './xml-tree.js';

export { XmlRefused } from './xml-tree.js';

/** Reads EN 16931 invoice XML in either syntax; throws XmlRefused when the XML is unsafe, not
 * well-formed, or not an invoice. */
export function parseEInvoice(xml: string): EInvoice {
  const tree = parseXml(xml);
  const cii = tree.CrossIndustryInvoice;
  if (cii && typeof cii === 'object') return mapCii(cii as XmlNode);
  for (const name of ['Invoice', 'CreditNote'] as const) {
    const ubl = tree[name];
    if (ubl && typeof ubl === 'object') return mapUbl(ubl as XmlNode, name);
  }
  if (tree.CrossIndustryDocument) throw new XmlRefused('ZUGFeRD 1.0 XML (CrossIndustryDocument) is not read; only EN 16931 CII and UBL');
  throw new XmlRefused('the XML is not an EN 16931 invoice (neither CII nor UBL)');
}
