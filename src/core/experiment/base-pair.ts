/**
 * Identity of a base pair: which checkpoint bytes an experiment started from, so a shared config
 * can be checked against them. Read in format 1 (without checksums), so that adding them left the ids as they were.
 */
import { formatOneBytes } from '../model/checkpoint';

/** 64-bit FNV-1a over bytes (two 32-bit halves with different offsets): synchronous and identical in Node and browsers. */
function digest(bytes: Uint8Array): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    h1 = Math.imul(h1 ^ b, 0x01000193);
    h2 = Math.imul(h2 ^ b ^ (i & 0xff), 0x01000193);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

export function basePairId(task: string, a: Uint8Array, b: Uint8Array): string {
  return `${task}:${digest(formatOneBytes(a))}:${digest(formatOneBytes(b))}`;
}
