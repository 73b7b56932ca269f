/** A recogniser's own reading of CTC step probabilities: the best column per step, repeats
 * collapsed, blanks dropped. `data` holds `steps` rows of `columns` probabilities, the blank in
 * column 0; a class wins a step only over the blank and every earlier class (ties go to the
 * blank, then the first). Returns each kept step's class (column − 1) and its probability. */
export function greedyCtc(data: Float32Array, steps: number, columns: number): Array<{ cls: number; p: number }> {
  const out: Array<{ cls: number; p: number }> = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * columns;
    let best = 0;
    for (let c = 1; c < columns; c++) if (data[row + c]! > data[row + best]!) best = c;
    if (best !== 0 && best !== previous) out.push({ cls: best - 1, p: data[row + best]! });
    previous = best;
  }
  return out;
}
