import { describe, expect, it } from 'vitest';
import { sameName } from '../bench/eval/compare.js';

describe('the evaluation judging company names', () => {
  it('takes a name with or without its legal form, punctuation or spacing as the same', () => {
    expect(sameName('OJC Marketing', 'OJC MARKETING SDN BHD')).toBe(true);
    expect(sameName('Northwind Analytics GmbH', 'NORTHWIND ANALYTICS')).toBe(true);
    expect(sameName('MR. D.I.Y. (M)', 'MR DIY (M) SDN. BHD.')).toBe(true);
  });

  it('counts a name run into its address, or cut, as a wrong value', () => {
    expect(sameName('Northwind Analytics GmbH, Lindenstraße 14, 20095 Hamburg', 'Northwind Analytics GmbH')).toBe(false);
    expect(sameName('rthwind Analytics GmbH', 'Northwind Analytics GmbH')).toBe(false);
    expect(sameName('GREEN LEAF CAF', 'Green Leaf Café')).toBe(false);
    expect(sameName('GmbH', 'Muster GmbH')).toBe(false);
  });
});
