import { describe, expect, it } from 'vitest';
import { benchGpuChildren } from './bench-gpu-children';

const repo = { measure: '/repo/src/cli/bench-gpu-measure.ts', reference: '/repo/scripts/bench_reference.py' };

describe('bench:gpu child processes', () => {
  it('runs the measure script under tsx and the repository reference by default', () => {
    expect(benchGpuChildren({}, repo)).toEqual({ measureArgv: ['--import', 'tsx', repo.measure], reference: repo.reference });
    expect(benchGpuChildren({ BENCH_GPU_MEASURE: '', BENCH_GPU_REFERENCE: '' }, repo)).toEqual(benchGpuChildren({}, repo));
  });

  it('runs a bundled measure script with plain node and another reference where the environment names them', () => {
    const env = { BENCH_GPU_MEASURE: '/kit/bench-gpu-measure.mjs', BENCH_GPU_REFERENCE: '/kit/bench_reference.py' };
    expect(benchGpuChildren(env, repo)).toEqual({ measureArgv: ['/kit/bench-gpu-measure.mjs'], reference: '/kit/bench_reference.py' });
  });
});
