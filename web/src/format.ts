import type { FieldValue } from './types';

export function showValue(v: FieldValue): string {
  if (v === null) return '—';
  if (Array.isArray(v)) return `${v.length} item(s)`;
  return String(v);
}

export const STATUS_LABEL: Record<string, string> = {
  processing: 'Reading…',
  verified: 'Verified',
  review: 'Needs review',
  failed: 'Failed',
  flagged: 'Flagged',
  rejected: 'Rejected',
};

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
