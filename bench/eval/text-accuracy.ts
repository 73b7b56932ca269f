/** Character accuracy: 1 − edit distance / length of the truth, on whitespace-folded text. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

export function fold(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toUpperCase();
}

export function charAccuracy(truth: string, read: string): number {
  const t = fold(truth);
  if (t.length === 0) return read.trim() ? 0 : 1;
  return Math.max(0, 1 - levenshtein(t, fold(read)) / t.length);
}
