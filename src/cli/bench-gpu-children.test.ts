import { describe, expect, it } from 'vitest';
import { benchGpuChildren, benchGpuFolders } from './bench-gpu-children';

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

describe('bench:gpu end-to-end folders', () => {
  it("takes the repository's checkpoints and Python sources unless the environment names a bundle's", () => {
    const folders = { checkpoints: '/repo/public/checkpoints', pytorchSources: '/repo/src/export/pytorch' };
    expect(benchGpuFolders({ BENCH_GPU_CHECKPOINTS: '' }, folders)).toEqual(folders);
    expect(benchGpuFolders({ BENCH_GPU_CHECKPOINTS: '/kit/checkpoints', BENCH_GPU_PYTORCH: '/kit/pytorch' }, folders)).toEqual({ checkpoints: '/kit/checkpoints', pytorchSources: '/kit/pytorch' });
  });
});
