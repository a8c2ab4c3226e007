/** How `npm run bench:gpu` starts its measuring processes, from the repository or from a bundle. */

export interface BenchGpuChildren {
  /** Node's arguments before the measuring flags. */
  measureArgv: string[];
  /** The PyTorch reference script for python3. */
  reference: string;
}

/**
 * From the repository: node with tsx on bench-gpu-measure.ts, and scripts/bench_reference.py. A bundled
 * bench:gpu (the GPU kit's, run by plain node where there is no tsx) names its bundled measure script in
 * BENCH_GPU_MEASURE and its copy of the reference in BENCH_GPU_REFERENCE.
 */
export function benchGpuChildren(env: Record<string, string | undefined>, repo: { measure: string; reference: string }): BenchGpuChildren {
  const measure = env.BENCH_GPU_MEASURE;
  return {
    measureArgv: measure ? [measure] : ['--import', 'tsx', repo.measure],
    reference: env.BENCH_GPU_REFERENCE || repo.reference,
  };
}
