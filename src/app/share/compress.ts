/**
 * Text <-> compressed bytes for links: a 4-byte checksum of the text, then the text
 * deflated (raw DEFLATE, fflate). Decompression is streamed in small chunks and
 * stopped as soon as the output passes a cap, so a crafted "bomb" costs at most the cap.
 * The checksum catches corruption that still inflates (raw DEFLATE has none of its own).
 */
import { deflateSync, Inflate } from 'fflate';

/** Input bytes fed to the inflater per step: bounds the output of one step to ~1032x this. */
const CHUNK = 64;

/** 32-bit FNV-1a: small and deterministic; an integrity check, not a security one. */
function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

export function compressText(text: string): Uint8Array {
  const raw = new TextEncoder().encode(text);
  const deflated = deflateSync(raw, { level: 9 });
  const out = new Uint8Array(4 + deflated.length);
  new DataView(out.buffer).setUint32(0, checksum(raw));
  out.set(deflated, 4);
  return out;
}

export type Decompressed = { ok: true; text: string } | { ok: false; problem: 'truncated' | 'corrupted' | 'too-large' };

/** Inflates at most `cap` bytes; never throws. */
function inflateCapped(data: Uint8Array, cap: number): { ok: true; bytes: Uint8Array } | { ok: false; problem: 'truncated' | 'corrupted' | 'too-large' } {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= cap) parts.push(chunk);
  });
  try {
    for (let at = 0; at < data.length; at += CHUNK) {
      inflater.push(data.subarray(at, at + CHUNK), at + CHUNK >= data.length);
      if (total > cap) return { ok: false, problem: 'too-large' };
    }
  } catch (e) {
    // fflate reports a stream that ends early as "unexpected EOF"; anything else is damage.
    return { ok: false, problem: e instanceof Error && /EOF/i.test(e.message) ? 'truncated' : 'corrupted' };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { ok: true, bytes };
}

export function decompressText(data: Uint8Array, cap: number): Decompressed {
  if (data.length <= 4) return { ok: false, problem: 'truncated' };
  const inflated = inflateCapped(data.subarray(4), cap);
  if (!inflated.ok) return inflated;
  if (new DataView(data.buffer, data.byteOffset).getUint32(0) !== checksum(inflated.bytes)) return { ok: false, problem: 'corrupted' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes) };
  } catch {
    return { ok: false, problem: 'corrupted' };
  }
}
