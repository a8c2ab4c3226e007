import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseTokens } from './nucleus';
import { useWasmBackend } from './testing';

beforeAll(useWasmBackend);

const ROWS = 4000;
const LOGITS = [2, 0.5, -1, 1];

/** Share of each token among ROWS draws from the same logits. */
function frequencies(temperature: number, topP: number, seed: number): number[] {
  const tokens = tf.tidy(() => chooseTokens(tf.tile(tf.tensor2d([LOGITS]), [ROWS, 1]) as tf.Tensor2D, temperature, topP, seed));
  const counts = new Array<number>(LOGITS.length).fill(0);
  for (const t of tokens.dataSync()) counts[t]!++;
  tokens.dispose();
  return counts.map((c) => c / ROWS);
}

function softmax(xs: number[], temperature: number): number[] {
  const e = xs.map((x) => Math.exp(x / temperature));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / total);
}

describe('chooseTokens', () => {
  it.each([1, 2])('draws from the softmax at temperature %s without a top-p cut', (temperature) => {
    const seen = frequencies(temperature, 1, 5);
    // 4000 draws: a share's standard error is below 0.008.
    softmax(LOGITS, temperature).forEach((p, i) => expect(Math.abs(seen[i]! - p)).toBeLessThan(0.03));
  });

  it('keeps only the nucleus with a top-p cut, renormalised', () => {
    const p = softmax(LOGITS, 1); // sorted: token 0 (0.57), 3 (0.21), 1 (0.13), 2 (0.05)
    const seen = frequencies(1, 0.7, 6);
    expect(seen[1]).toBe(0);
    expect(seen[2]).toBe(0);
    expect(Math.abs(seen[0]! - p[0]! / (p[0]! + p[3]!))).toBeLessThan(0.03);
  });

  it('is reproducible for a seed', () => {
    expect(frequencies(1, 1, 9)).toEqual(frequencies(1, 1, 9));
  });
});
