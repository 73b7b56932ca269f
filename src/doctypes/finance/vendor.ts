import { stripDiacritics } from '../../domain/normalise.js';

/** Keys for the duplicate question: the same vendor and invoice number however they were typed. */

const LEGAL_FORMS =
  /\b(?:GMBH|AG|KG|KGAA|SE|BV|NV|LTD|LIMITED|LLC|LLP|INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|PLC|SARL|SAS|SA|SRL|SPA|AS|ASA|AB|OY|PVT|PTY|SDN BHD|SDN|BHD|SB)\b/g;

/** "Coolblue B.V." and "COOLBLUE BV" → "COOLBLUE". */
export function normaliseVendor(name: string): string {
  const t = stripDiacritics(name)
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/\b([A-Z])\.(?=[A-Z]\.?)/g, '$1')
    .replace(/[^A-Z0-9]+/g, ' ');
  const withoutForms = t.replace(LEGAL_FORMS, ' ').replace(/\s+/g, ' ').trim();
  return withoutForms || t.replace(/\s+/g, ' ').trim();
}

/** "INV-2025/0042", "inv 2025 0042" and "#INV20250042" → "INV20250042". */
export function normaliseInvoiceNumber(number: string): string {
  return stripDiacritics(number)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}
