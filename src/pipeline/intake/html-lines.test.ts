import { describe, expect, it } from 'vitest';
import { htmlToLines } from './html-lines.js';

describe('htmlToLines', () => {
  it('gives one line per heading, paragraph, list item (with a bullet sign) and table cell, in order', () => {
    const html =
      '<h1>CV</h1><p>Anna <strong>Eriksson</strong></p><ul><li>Go</li><li>SQL</li></ul><table><tr><td><p>2019</p></td><td><p>Acme &amp; Co</p></td></tr></table>';
    expect(htmlToLines(html)).toEqual(['CV', 'Anna Eriksson', '• Go', '• SQL', '2019', 'Acme & Co']);
  });

  it('decodes numeric entities and drops empty blocks', () => {
    expect(htmlToLines('<p>&#x41;&#66;&lt;&gt;</p><p> </p><p>caf&#233;</p>')).toEqual(['AB<>', 'café']);
  });
});
