/** The median of a list as every measure here uses it: the upper middle value of the sorted list
 * (no averaging of the two middles, so it is always one of the values); 0 for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
