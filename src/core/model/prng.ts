/** mulberry32: a tiny seeded PRNG, so init and sampling are reproducible from one integer seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream of 31-bit integer seeds (for tf.random* calls) derived from one seed. */
export function seedStream(seed: number): () => number {
  const next = mulberry32(seed);
  return () => Math.floor(next() * 0x7fffffff);
}
