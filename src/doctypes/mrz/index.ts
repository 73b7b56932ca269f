/** The MRZ module's public surface. */
export { parseMrz } from './parse.js';
export { findMrz, findMrzLines } from './detect.js';
export { composeMrz, type MrzInput } from './compose.js';
export { KEY_FIELDS } from './assess.js';
export { mrzDateToIso } from './dates.js';
export { checkDigit } from './check-digit.js';
export * from './types.js';
