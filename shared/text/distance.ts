/**
 * Bounded edit distance (Damerau: insert, delete, substitute, swap two neighbours) for typo
 * tolerance. Stops as soon as a whole row exceeds `max`, so scanning a vocabulary of thousands
 * of words per query stays cheap: the three rows live in one buffer kept between calls, as a
 * fuzzy search measures the query against every word of similar length.
 */
let rows = new Int32Array(3 * 64);

export function boundedEditDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  // Offsets of the row two back, the previous row and the current one, rotated after each row.
  let twoBack = 0;
  let prev = width;
  let curr = 2 * width;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[curr] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j < width; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = rows[prev + j - 1] + (ca === cb ? 0 : 1);
      const del = rows[prev + j] + 1;
      if (del < v) v = del;
      const ins = rows[curr + j - 1] + 1;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && caBefore === cb) {
        const swap = rows[twoBack + j - 2] + 1;
        if (swap < v) v = swap;
      }
      rows[curr + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const done = twoBack;
    twoBack = prev;
    prev = curr;
    curr = done;
  }
  return rows[prev + b.length];
}

/** How many typos a word of this length may carry and still match. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}
