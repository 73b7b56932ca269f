import { mapCii } from './cii.js';
import type { EInvoice } from './types.js';
import { mapUbl } from './ubl.js';
import { parseXml, XmlRefused, type XmlNode } from './xml-tree.js';

export { XmlRefused } from './xml-tree.js';

/** Reads EN 16931 invoice XML in either syntax, and ZUGFeRD 1.0's; throws XmlRefused when the XML
 * is unsafe, not well-formed, or not an invoice. */
export function parseEInvoice(xml: string): EInvoice {
  const tree = parseXml(xml);
  const cii = tree.CrossIndustryInvoice;
  if (cii && typeof cii === 'object') return mapCii(cii as XmlNode);
  for (const name of ['Invoice', 'CreditNote'] as const) {
    const ubl = tree[name];
    if (ubl && typeof ubl === 'object') return mapUbl(ubl as XmlNode, name);
  }
  const zugferd1 = tree.CrossIndustryDocument;
  if (zugferd1 && typeof zugferd1 === 'object') return mapCii(zugferd1 as XmlNode, 'ZUGFeRD 1.0');
  throw new XmlRefused('the XML is not an EN 16931 invoice (neither CII, UBL nor ZUGFeRD 1.0)');
}
