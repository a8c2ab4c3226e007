/** Seeded pseudo-random numbers (mulberry32): every generator and sampler in the core takes one, so runs are reproducible. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list');
    return items[this.int(items.length)] as T;
  }

  /** Where the stream stands: a generator moved there (moveTo) draws what this one would draw next. */
  position(): number {
    return this.state;
  }

  moveTo(position: number): void {
    this.state = position >>> 0;
  }

  /** A fresh 32-bit seed, for handing a child generator its own stream. */
  seed(): number {
    return this.int(2 ** 31);
  }
}

/** FNV-1a hash of a string, used to put problems into splits by their canonical form. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stream of 31-bit integer seeds (for tf.random* calls) derived from one seed. */
export function seedStream(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.int(0x7fffffff);
}
