// The rollout kernel (../rollout-kernel.ts) against the plain ops on the same webgpu backend:
// the same prompts (left-padded to different lengths) and seed. Run in Node on Dawn by
// ../rollout-kernel.test.ts and in the browsers through fused-checks.ts.
import type { ModelConfig } from '../../model/config';
import { Transformer } from '../../model/transformer';
import type { SampleOptions, SampleResult } from '../../model/decoding';
import { setRolloutKernel } from '../../model/rollout-kernel-decode';
import { sample } from '../../model/sampler';
import { countOverhead } from '../overhead-counters';
import { setFusedKernels } from '..';

/** The rollout checks' model and prompts (left-padded to different lengths). */
export const TINY_ROLLOUT_MODEL: ModelConfig = { vocabSize: 37, dModel: 24, nLayers: 2, nHeads: 3, dFF: 40, maxLen: 48 };
export const TINY_ROLLOUT_PROMPTS = [[1, 2, 3], [4, 5, 6, 7, 8, 9, 10], [11], [12, 13, 14, 15, 16]];

/** Token mismatches (row lengths and finished flags included) and the largest log-prob difference of a rollout against the plain path's. */
export function rolloutDifferences(kernel: SampleResult, plain: SampleResult): [number, number] {
  let mismatch = 0;
  let lpDiff = 0;
  plain.tokens.forEach((row, b) => {
    const other = kernel.tokens[b]!;
    if (other.length !== row.length || kernel.finished[b] !== plain.finished[b]) mismatch++;
    row.forEach((t, i) => {
      if (other[i] !== t) mismatch++;
      lpDiff = Math.max(lpDiff, Math.abs((kernel.tokenLogProbs[b]![i] ?? Infinity) - plain.tokenLogProbs[b]![i]!));
    });
  });
  return [mismatch, lpDiff];
}

/**
 * One rollout stage on the rollout kernel, then on the plain ops: token mismatches, the largest
 * log-prob difference, the rows that drew eos, and the kernel's GPU dispatches and read-backs.
 */
export async function rolloutKernelCheck(temperature: number, topP: number, eosId: number): Promise<number[]> {
  const model = new Transformer(TINY_ROLLOUT_MODEL, 5);
  const prompts = TINY_ROLLOUT_PROMPTS;
  const opts: SampleOptions = { maxNewTokens: 20, temperature, topP, eosId, padId: 0, seed: 77 };
  try {
    setRolloutKernel(true);
    const { result: kernel, counts } = await countOverhead(() => sample(model, prompts, opts));
    setRolloutKernel(false);
    setFusedKernels(false);
    const plain = await sample(model, prompts, opts);
    const finished = plain.finished.filter((f) => f).length;
    return [...rolloutDifferences(kernel, plain), finished, counts.dispatches, counts.readBacks];
  } finally {
    setRolloutKernel(false);
    setFusedKernels(true);
    model.dispose();
  }
}
