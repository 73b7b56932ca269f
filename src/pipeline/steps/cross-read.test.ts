import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../doctypes/types.js';
import { valueFromCrop } from './cross-read.js';

const code: FieldSpec = { key: 'receipt_number', label: 'Receipt number', kind: 'code' };
const time: FieldSpec = { key: 'time', label: 'Time', kind: 'code' };
const text: FieldSpec = { key: 'payment_method', label: 'Payment method', kind: 'text' };

describe("the second reader's crop as a value", () => {
  it('holds a short value printed as a whole token beside its label or amount', () => {
    expect(valueFromCrop(code, 'Q :57269', '57269')).toBe('57269');
    expect(valueFromCrop(text, 'CASH : 9.60', 'CASH')).toBe('CASH');
  });

  it('does not find a short value inside a longer number or word', () => {
    expect(valueFromCrop(code, 'Q :157269', '57269')).toBe('Q :157269');
    expect(valueFromCrop(text, 'CASHBACK 9.60', 'CASH')).toBe('CASHBACK 9.60');
  });

  it('compares a time of day as a time, on the 24-hour clock', () => {
    expect(valueFromCrop(time, 'Date: 25 Mar 2018 9:27PM', '21:27')).toBe('21:27');
    expect(valueFromCrop(time, 'Date: 25 Mar 2018 9:27AM', '21:27')).toBe('Date: 25 Mar 2018 9:27AM');
    expect(valueFromCrop(time, 'Salesperson Time 12 :06:00', '12:06:00')).toBe('12:06:00');
    expect(valueFromCrop(time, 'CB#: 87870 21/09/201710:20:37AM', '10:20:37')).toBe('10:20:37');
    expect(valueFromCrop(time, 'Date: 21/01/2018 15:46:09', '15:46')).toBe('Date: 21/01/2018 15:46:09');
    expect(valueFromCrop(time, 'USER Time: 1721:00', '21:00')).toBe('USER Time: 1721:00');
  });
});
