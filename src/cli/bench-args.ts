/** Arguments of `npm run bench`: which backends, quick mode, per-kernel profiles. */
import { parseArgs } from 'node:util';
import { DEFAULT_BACKEND_ORDER, type BackendName } from '../core/backend/types';

export const BENCH_USAGE = `usage: npm run bench -- [--backends wasm,cpu,webgpu] [--quick] [--profile] [--no-plain] [--dispatch-cache] [--help]
  Training step (batch 64 and 4), KV and full-recompute sampling (64 prompts x 48 new tokens),
  kernels per training step and per sampled token of the default model, one row per backend,
  then the load time of each shipped checkpoint. Progress goes to stderr, the tables to stdout.
  --backends  comma-separated, in order (default: wasm; cpu is opt-in: many times slower;
              webgpu runs on Dawn over a Vulkan driver, see docs/webgpu-in-node.md)
  --quick     fewer steps and rollouts, a smaller batch: a smoke run
  --profile   a per-kernel table of one training step and of one sampled token per backend
  --no-plain  webgpu: the fused kernels only, not also the plain tfjs ops (slow on a software Vulkan)
  --dispatch-cache  webgpu: the fused kernels also with their uniforms and bind groups kept across
              dispatches (off by default in the app; see src/core/webgpu/dispatch-cache.ts)
  --help      this text`;

export class UsageError extends Error {}

export interface BenchArgs {
  backends: BackendName[];
  quick: boolean;
  profile: boolean;
  /** webgpu: also the plain tfjs ops, before the fused kernels. */
  plain: boolean;
  /** webgpu: also the fused kernels with the dispatch cache, after them. */
  dispatchCache: boolean;
  help: boolean;
}

function backendList(raw: string): BackendName[] {
  const names = raw.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(DEFAULT_BACKEND_ORDER as readonly string[]).includes(name)) {
      throw new UsageError(`--backends: unknown backend "${name}"; choose from ${DEFAULT_BACKEND_ORDER.join(', ')}`);
    }
  }
  if (new Set(names).size !== names.length) throw new UsageError(`--backends names a backend twice: "${raw}"`);
  return names as BackendName[];
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        backends: { type: 'string', default: 'wasm' },
        quick: { type: 'boolean', default: false },
        profile: { type: 'boolean', default: false },
        'no-plain': { type: 'boolean', default: false },
        'dispatch-cache': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    // node:util's own errors (unknown flag, missing value) are usage errors too.
    throw new UsageError((e as Error).message);
  }
  return { backends: backendList(values.backends), quick: values.quick, profile: values.profile, plain: !values['no-plain'], dispatchCache: values['dispatch-cache'], help: values.help };
}
