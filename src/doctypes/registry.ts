import { cvDoctype } from './cv.js';
import type { Doctype } from './types.js';

/** Every document type the service reads, listed explicitly. */
export const DOCTYPES: readonly Doctype[] = [cvDoctype];
