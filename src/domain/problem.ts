import type { OutcomeCode } from './outcome-codes.js';

/** A reason a document cannot be verified as it stands. */
export interface Problem {
  code: OutcomeCode;
  detail: string;
  fields?: string[];
}
