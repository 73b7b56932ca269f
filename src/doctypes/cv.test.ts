import { describe, expect, it } from 'vitest';
import { cvDoctype } from './cv.js';

const detect = (lines: string[]) => cvDoctype.detect({ kind: 'jpeg', lines, text: lines.join('\n').toUpperCase() });

describe('CV detection', () => {
  it('counts capital headings OCR joined to the other column’s text on one row', () => {
    // Tesseract's rows of a photographed two-column CV: the sidebar's headings lead rows of the main column.
    const lines = [
      'Tomas Profile',
      'CONTACT Work Experience',
      'tomas.moreau@example.net Senior Data Engineer',
      'SKiLLS * Reduced onboarding time from 10 to 4 days',
      '* Terraform',
      'LANGUAGES Feb 2021 - Apr 2022',
      'Education',
    ];
    expect(detect(lines).score).toBeGreaterThanOrEqual(0.5);
  });

  it('counts a heading of the main column that follows a sidebar heading on one row', () => {
    const found = detect(['Leila Profile', 'CONTACT Work Experience', 'LANGUAGES Education']);
    expect(found.reason).toBe('CV sections: experience, languages, education');
    expect(found.score).toBeGreaterThanOrEqual(0.5);
  });

  it('does not take a sentence that starts with a heading word for a heading', () => {
    const lines = ['Education allowance paid in March', 'Skills development fund', 'Total 120.00', 'info@example.com'];
    expect(detect(lines).score).toBeLessThan(0.5);
  });
});

