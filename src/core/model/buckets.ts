/**
 * Sequence lengths are padded up to a few fixed sizes so shape-specialised
 * backends (WebGPU/WebGL compile one shader per shape) see few distinct shapes.
 */
export const BUCKET_STEP = 16;

/** Round n up to a multiple of BUCKET_STEP, capped at maxLen; throws if n itself exceeds maxLen. */
export function bucketLength(n: number, maxLen = Infinity): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`bucketLength: length must be a positive integer, got ${n}`);
  if (n > maxLen) throw new Error(`bucketLength: length ${n} exceeds maxLen ${maxLen}`);
  return Math.min(Math.ceil(n / BUCKET_STEP) * BUCKET_STEP, maxLen);
}
