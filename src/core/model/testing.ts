// Shared setup for this folder's tests (not used by the app).
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import type { ModelConfig } from './config';

/** wasm is the fastest tfjs backend in Node and the one the app falls back to in browsers. */
export async function useWasmBackend(): Promise<void> {
  await tf.setBackend('wasm');
  await tf.ready();
}

export const TINY_CONFIG: ModelConfig = { vocabSize: 11, dModel: 16, nLayers: 2, nHeads: 2, dFF: 32, maxLen: 40 };

/** Deterministic pseudo-random integer rows in [lo, vocab). */
export function randomRows(count: number, lengths: (i: number) => number, vocab: number, lo = 1, seed = 1): number[][] {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: lengths(i) }, () => lo + Math.floor(next() * (vocab - lo))),
  );
}

/**
 * A checkpoint with its JSON header edited (and its header length fixed up), written as `version`:
 * how the tests make files of the old format and headers that lie.
 */
export function withEditedHeader(bytes: Uint8Array, edit: (header: Record<string, unknown>) => void, version?: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as Record<string, unknown>;
  edit(header);
  const edited = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(16 + edited.length + bytes.length - 16 - headerLength);
  out.set(bytes.subarray(0, 16));
  out.set(edited, 16);
  out.set(bytes.subarray(16 + headerLength), 16 + edited.length);
  const outView = new DataView(out.buffer);
  outView.setUint32(12, edited.length, true);
  if (version !== undefined) outView.setUint32(8, version, true);
  return out;
}

/** Offset of the first weight byte (just past the header). */
export const weightsOffset = (bytes: Uint8Array) => 16 + new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
