/**
 * What makes a checkpoint's weights trustworthy: each tensor's bytes hash to the
 * SHA-256 its header records, and every value is finite. @noble/hashes is synchronous
 * in the browser, in workers and in Node alike (crypto.subtle is async, node:crypto is Node only).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** SHA-256 of a tensor's raw little-endian float32 bytes, as lowercase hex. */
export function tensorDigest(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;

/** Why a tensor's values cannot be loaded (how many are NaN or infinite, and the first), or null when all are finite. */
export function nonFiniteProblem(name: string, values: Float32Array): string | null {
  let count = 0;
  let first = -1;
  for (let i = 0; i < values.length; i++) {
    if (Number.isFinite(values[i])) continue;
    if (first < 0) first = i;
    count++;
  }
  if (count === 0) return null;
  const others = count > 1 ? ` and ${count - 1} more non-finite value${count > 2 ? 's' : ''}` : '';
  return `tensor "${name}" holds ${String(values[first])} at index ${first}${others}`;
}
