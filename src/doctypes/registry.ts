import { cvDoctype } from './cv.js';
import { idCard } from './id-card.js';
import { invoice } from './invoice.js';
import { passport } from './passport.js';
import { qid } from './qid.js';
import { receipt } from './receipt.js';
import type { Doctype } from './types.js';
import { visa } from './visa.js';

/** Every document type the service reads, listed explicitly. */
export const DOCTYPES: readonly Doctype[] = [passport, idCard, visa, qid, invoice, receipt, cvDoctype];
