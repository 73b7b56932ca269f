import { randomHex } from './random-hex.js';

/** Prefixed random identifiers. The random part is hex, 16 bytes: unguessable across tenants. */
export const ID_PREFIX = {
  document: 'DOC_',
  organisation: 'ORG_',
  apiKey: 'KEY_',
  reading: 'RDG_',
  version: 'VER_',
  queueJob: 'QJB_',
  consent: 'CNS_',
  deletion: 'DEL_',
  event: 'evt_',
  user: 'USR_',
  session: 'SES_',
  otp: 'OTP_',
  review: 'REV_',
  job: 'JOB_',
  webhook: 'WHK_',
  delivery: 'DLV_',
  attempt: 'ATT_',
} as const;

export function newId(kind: keyof typeof ID_PREFIX): string {
  return ID_PREFIX[kind] + randomHex(16);
}

export const DOCUMENT_ID_PATTERN = /^DOC_[0-9a-f]{32}$/;
