import { describe, expect, it } from 'vitest';
import { NO_OVERHEAD } from '../core/webgpu/overhead-counters';
import { SWEEP } from './bench-gpu-args';
import { rolloutScalingTable } from './bench-gpu-rollout-table';

const [small, , , large] = SWEEP as [typeof SWEEP[0], unknown, unknown, typeof SWEEP[0]];

describe('bench:gpu rollout table', () => {
  it('one row per size: both paths\' tokens/s and dispatches, a fallback or an error as its note', () => {
    const fused = { path: 'fused decode' as const, tokensPerSec: 1427.4, counts: { ...NO_OVERHEAD, dispatches: 609 }, fallback: null };
    const lines = rolloutScalingTable(
      [
        [small, { rows: [fused, { path: 'rollout kernel', tokensPerSec: 266, counts: { ...NO_OVERHEAD, dispatches: 1 }, fallback: null }] }],
        [large, { rows: [fused, { ...fused, path: 'rollout kernel', fallback: 'too wide | here' }] }],
        [large, { error: 'over 150 s' }],
      ],
      4,
      48,
    ).split('\n');
    expect(lines[0]).toBe('| model (4 prompts x 48 tokens) | fused decode tokens/s | rollout kernel tokens/s | fused decode dispatches / rollout | rollout kernel dispatches / rollout | note |');
    expect(lines[2]).toBe('| d64 L2 H4 ff256 | 1,427 | 266 | 609 | 1 |  |');
    expect(lines[3]).toBe('| d512 L6 H8 ff2048 | 1,427 | 1,427 | 609 | 609 | rollout kernel fell back to the fused decode: too wide / here |');
    expect(lines[4]).toBe('| d512 L6 H8 ff2048 | - | - | - | - | over 150 s |');
  });
});
