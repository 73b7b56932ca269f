import type { EvidenceItem } from '../../domain/evidence.js';
import type { OutcomeCode } from '../../domain/outcome-codes.js';
import type { IssuingState } from '../countries.js';

/** ICAO 9303 formats, plus the French national identity card of 1988–2021 (2×36, not ICAO) that is
 * common enough to be told apart from TD2 rather than failing every TD2 check. */
export const MRZ_FORMATS = ['TD1', 'TD2', 'TD3', 'MRV-A', 'MRV-B', 'FRENCH_ID'] as const;
export type MrzFormat = (typeof MRZ_FORMATS)[number];

export type MrzFieldName =
  | 'document_code'
  | 'issuing_state'
  | 'document_number'
  | 'surname'
  | 'given_names'
  | 'nationality'
  | 'date_of_birth'
  | 'sex'
  | 'expiry_date'
  | 'personal_number'
  | 'optional_data'
  | 'optional_data_2';

export type MrzCheckName = 'document_number' | 'date_of_birth' | 'expiry_date' | 'personal_number' | 'composite';

/** Characters `start` (inclusive) to `end` (exclusive) of line `line`, 0-based, in the repaired lines. */
export interface MrzSpan {
  line: number;
  start: number;
  end: number;
}

export interface MrzCheckDigit {
  /** Computed from the field's characters; null when they hold a character outside the MRZ alphabet. */
  expected: number | null;
  /** The character printed in the check-digit position. */
  actual: string;
  valid: boolean;
}

export interface MrzCheck extends MrzCheckDigit {
  name: MrzCheckName;
  line: number;
  position: number;
}

/** `valid`: its own check digit (and the composite, where the format has one) pass — published with
 * `mrz_checksum`. `unverified`: well-formed but no check digit covers it (names, nationality…) or the
 * composite failed — it rests on the readers. `invalid`: a failed check digit, an impossible date, a
 * character its class cannot hold or an unknown country code — not to be published as read. */
export type MrzFieldStatus = 'valid' | 'unverified' | 'invalid';

export interface MrzField {
  /** Normalised: fillers trimmed, names spaced, dates ISO (YYYY-MM-DD, or YYYY-MM / YYYY when the
   * document leaves day or month unknown). Null when no sensible value can be formed. */
  value: string | null;
  /** The characters as read, before any repair. */
  raw: string;
  repaired: boolean;
  positions: MrzSpan;
  checkDigit?: MrzCheckDigit;
  status: MrzFieldStatus;
  evidence: EvidenceItem[];
  /** Line positions holding G, 6, S, 8 or K: a G/6, S/8 or `<`/K misread there would pass every check digit. */
  blindSpots: number[];
}

export type MrzRepairReason =
  /** the character's class cannot hold it (a letter in a date, a digit in a name); for a field with
   * a check digit the swap is kept only when that check then passes */
  | 'character_class'
  /** not an MRZ character at all («, ‹…): can only be the filler */
  | 'filler_lookalike'
  /** K or C standing in a name's trailing filler run */
  | 'name_filler'
  /** K or C for `<` (or a digit for a letter) in a country code, kept only when it yields a known code */
  | 'country_code';

export interface MrzRepair {
  field: MrzFieldName | 'composite';
  line: number;
  position: number;
  from: string;
  to: string;
  reason: MrzRepairReason;
  /** What confirmed the swap: a check digit that now passes, the country list, or nothing. */
  confirmedBy: 'check_digit' | 'country_list' | null;
}

export type MrzProblemKind =
  | 'unrecognised_layout'
  | 'ambiguous_format'
  | 'line_length_adjusted'
  | 'check_digit_failed'
  | 'composite_failed'
  | 'repair_suggested'
  | 'ambiguous_repair'
  | 'invalid_character'
  | 'impossible_date'
  | 'partial_date'
  | 'birth_after_expiry'
  | 'unknown_country'
  | 'invalid_document_code'
  | 'name_truncated';

export interface MrzProblem {
  kind: MrzProblemKind;
  /** The document outcome this problem leads to, where one applies. */
  code: OutcomeCode | null;
  field: MrzFieldName | 'composite' | null;
  message: string;
  /** Repairs that would make the check pass but were not applied (see repair.ts for why). */
  candidates?: string[];
}

export interface MrzResult {
  format: MrzFormat | null;
  document_code: string | null;
  lines: {
    /** As given, upper-cased and without whitespace. */
    raw: string[];
    /** Fitted to the format's length and repaired; all positions refer to these. */
    repaired: string[];
  };
  fields: Partial<Record<MrzFieldName, MrzField>>;
  checks: MrzCheck[];
  /** Null where the format has no composite check digit (visas). */
  composite: MrzCheck | null;
  /** Every check digit passes (after repair) and every checked field holds only characters its
   * class allows. Says nothing of uncovered fields (names, nationality, sex) or country codes. */
  valid: boolean;
  repairs: MrzRepair[];
  problems: MrzProblem[];
  issuing_country: IssuingState | null;
  names_truncated: boolean;
}

export interface ParseOptions {
  /** Apply confusion repair (default true). Off, the result reports the characters exactly as read. */
  repair?: boolean;
  /** Reference date for choosing centuries (default: now). */
  now?: Date;
}
