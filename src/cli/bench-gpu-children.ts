/** How `npm run bench:gpu` starts its measuring processes, from the repository or from a bundle. */

export interface BenchGpuChildren {
  /** Node's arguments before the measuring flags. */
  measureArgv: string[];
  /** The PyTorch reference script for python3. */
  reference: string;
}

/** Node's arguments for a measuring script: its bundled copy when one is named, else the repository's .ts under tsx. */
export const nodeScriptArgv = (bundled: string | undefined, repoScript: string): string[] => (bundled ? [bundled] : ['--import', 'tsx', repoScript]);

/**
 * From the repository: node with tsx on bench-gpu-measure.ts, and scripts/bench_reference.py. A bundled
 * bench:gpu (the GPU kit's, run by plain node where there is no tsx) names its bundled measure script in
 * BENCH_GPU_MEASURE and its copy of the reference in BENCH_GPU_REFERENCE.
 */
export function benchGpuChildren(env: Record<string, string | undefined>, repo: { measure: string; reference: string }): BenchGpuChildren {
  return {
    measureArgv: nodeScriptArgv(env.BENCH_GPU_MEASURE, repo.measure),
    reference: env.BENCH_GPU_REFERENCE || repo.reference,
  };
}

/** The end-to-end rows' folders: the checkpoints and the exporter's Python sources, which a bundle names in BENCH_GPU_CHECKPOINTS and BENCH_GPU_PYTORCH (no src/ beside it). */
export function benchGpuFolders(env: Record<string, string | undefined>, repo: { checkpoints: string; pytorchSources: string }): { checkpoints: string; pytorchSources: string } {
  return { checkpoints: env.BENCH_GPU_CHECKPOINTS || repo.checkpoints, pytorchSources: env.BENCH_GPU_PYTORCH || repo.pytorchSources };
}
