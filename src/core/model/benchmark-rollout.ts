/**
 * The rollout paths of the fused WebGPU kernels side by side, from the same run: the fused
 * decode (fused-decode.ts, a dozen dispatches a token) and the rollout kernel
 * (rollout-kernel-decode.ts, one dispatch a stage), each on the same rollout: tokens/s and the
 * host overhead of one rollout. For `npm run bench` and `npm run bench:gpu`. webgpu only.
 */
import type { OverheadCounts } from '../webgpu/overhead-counters';
import { rolloutOverhead, steadyState } from './benchmark-overhead';
import { timeSampler } from './benchmark';
import { bucketLength } from './buckets';
import type { SampleOptions } from './decoding';
import { rolloutKernelMisfitFor, setRolloutKernel } from './rollout-kernel-decode';
import { sample } from './sampler';
import type { Transformer } from './transformer';

export interface RolloutPathRow {
  path: 'fused decode' | 'rollout kernel';
  tokensPerSec: number;
  /** One rollout's overhead, steady state. */
  counts: OverheadCounts;
  /** Why the rollout kernel fell back to the fused decode at this shape (null: it ran). */
  fallback: string | null;
}

/** Both paths on `prompts`: the median of `runs` timed rollouts after a warm-up, then the overhead of 3. */
export async function measureRolloutPaths(model: Transformer, prompts: number[][], opts: SampleOptions, runs: number): Promise<RolloutPathRow[]> {
  const rows: RolloutPathRow[] = [];
  for (const path of ['fused decode', 'rollout kernel'] as const) {
    setRolloutKernel(path === 'rollout kernel');
    try {
      const ms = await timeSampler(() => sample(model, prompts, opts), () => sample(model, prompts, { ...opts, maxNewTokens: 2 }), runs);
      const counts = steadyState(await rolloutOverhead(model, prompts, opts, 3));
      const P = bucketLength(Math.max(...prompts.map((p) => p.length)));
      const fallback = path === 'rollout kernel' ? rolloutKernelMisfitFor(model, prompts.length, P, opts) : null;
      rows.push({ path, tokensPerSec: (prompts.length * opts.maxNewTokens * 1000) / ms, counts, fallback });
    } finally {
      setRolloutKernel(false);
    }
  }
  return rows;
}

export function rolloutPathTable(rows: RolloutPathRow[]): string {
  return [
    '| path | tokens/s | dispatches / rollout | read-backs / rollout | host JS / rollout (ms) | note |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${Math.round(r.tokensPerSec).toLocaleString('en-US')} | ${r.counts.dispatches.toLocaleString('en-US')} | ${r.counts.readBacks} | ` +
        `${r.counts.hostMs.toFixed(1)} | ${r.fallback ? `fell back to the fused decode: ${r.fallback}` : ''} |`,
    ),
  ].join('\n');
}
