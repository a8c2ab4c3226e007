/** How two models' per-problem correctness overlaps: "comparably strong and behaviourally different" made measurable. */
export interface Overlap {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
  /** Fraction of problems where exactly one of the two is right. */
  disagreement: number;
}

export function overlap(a: readonly boolean[], b: readonly boolean[]): Overlap {
  if (a.length !== b.length) throw new Error(`overlap: ${a.length} vs ${b.length} results`);
  const o = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  a.forEach((x, i) => {
    const y = b[i];
    if (x && y) o.both++;
    else if (x) o.onlyA++;
    else if (y) o.onlyB++;
    else o.neither++;
  });
  return { ...o, disagreement: (o.onlyA + o.onlyB) / Math.max(1, a.length) };
}
