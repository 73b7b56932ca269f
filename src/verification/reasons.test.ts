import { describe, expect, it } from 'vitest';
import { outcomeCodeOf } from './reasons.js';

describe('outcomeCodeOf', () => {
  it('lets the document’s defining defect lead over field warnings', () => {
    expect(outcomeCodeOf(['FIELD_UNCONFIRMED', 'ARITHMETIC_MISMATCH'])).toBe('ARITHMETIC_MISMATCH');
    expect(outcomeCodeOf(['FIELD_CONFLICT', 'LOW_CONFIDENCE', 'DUPLICATE_SUSPECTED'])).toBe('DUPLICATE_SUSPECTED');
    expect(outcomeCodeOf(['REQUIRED_FIELD_MISSING', 'MISSING_PAGE'])).toBe('MISSING_PAGE');
    expect(outcomeCodeOf(['MISSING_PAGE', 'DUPLICATE_SUSPECTED', 'ARITHMETIC_MISMATCH'])).toBe('ARITHMETIC_MISMATCH');
  });

  it('keeps terminal codes and tamper signs first, and the spec order otherwise', () => {
    expect(outcomeCodeOf(['ARITHMETIC_MISMATCH', 'QUALITY_GATE_BLUR'])).toBe('QUALITY_GATE_BLUR');
    expect(outcomeCodeOf(['ARITHMETIC_MISMATCH', 'TAMPER_SUSPECTED'])).toBe('TAMPER_SUSPECTED');
    expect(outcomeCodeOf(['DATE_NEEDS_REVIEW', 'FIELD_UNCONFIRMED'])).toBe('FIELD_UNCONFIRMED');
    expect(outcomeCodeOf([])).toBeNull();
  });
});
