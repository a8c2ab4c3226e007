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
