import { cvDoctype } from './cv.js';
import { invoice } from './invoice.js';
import { receipt } from './receipt.js';
import type { Doctype } from './types.js';

/** Every document type the service reads, listed explicitly. */
export const DOCTYPES: readonly Doctype[] = [invoice, receipt, cvDoctype];
