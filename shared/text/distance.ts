/**
 * Bounded edit distance (Damerau: insert, delete, substitute, swap two neighbours) for typo
 * tolerance. Stops as soon as a whole row exceeds `max`, so scanning a vocabulary of thousands
 * of words per query stays cheap.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let twoBack = new Array<number>(width).fill(0);
  let prev = new Array<number>(width);
  let curr = new Array<number>(width);
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        v = Math.min(v, twoBack[j - 2] + 1);
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [twoBack, prev, curr] = [prev, curr, twoBack];
  }
  return prev[b.length];
}

/** How many typos a word of this length may carry and still match. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}
