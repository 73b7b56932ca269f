/** mammoth's HTML → text lines in reading order: one line per heading, paragraph, list item (with a
 * bullet sign) and table cell. mammoth writes simple, well-formed HTML, so tags are stripped, not parsed. */

const BLOCK_END = /<\/(h[1-6]|p|li|td|th|tr|table|ul|ol|blockquote)>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function htmlToLines(html: string): string[] {
  return (
    html
      // A list item keeps a bullet sign: Word's list markers are numbering, not text, and the CV reader
      // tells bullet points from entry headers by it.
      .replace(/<li(?:\s[^>]*)?>/gi, '• ')
      .replace(BLOCK_END, '\n')
      .replace(/<[^>]*>/g, '')
      .split('\n')
      .map((l) => decodeEntities(l).replace(/\s+/g, ' ').trim())
      .filter((l) => l.length > 0)
  );
}
