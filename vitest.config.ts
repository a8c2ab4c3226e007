import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import viteConfig from './vite.config';

// The files that take a minute or more (npm test ends with the slowest tests) start first, so
// the other files fill the second worker around them. Vitest orders by its timing cache, which a
// fresh clone (CI) does not have, and otherwise by file size.
const LONG_POLES = ['src/export/pytorch/trajectory.test.ts', 'src/cli/experiment.test.ts', 'src/cli/export-pytorch.test.ts', 'src/core/train/shipped-pairs.test.ts'];

class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = LONG_POLES.findIndex((path) => file.moduleId.endsWith(path));
      return i < 0 ? LONG_POLES.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Test files share a process per worker (isolate: false): a process per file spent a third of the unit
// stage re-importing tfjs and the core for each of some 150 files (import 112 s of 396 s, docs/benchmarks.md).
// These files need a process of their own: they read process-wide state another file leaves behind (the
// global IndexedDB and the stores saved runs fill; the backend choice's registrations, attempts and
// remembered probe verdicts, which the backend and worker tests all drive), or, for WebGPU in Node, must
// install navigator.gpu before tfjs-backend-webgpu first loads.
// scripts/: the pure parts of the test runner (its stage budgets), in plain .mjs like the runner;
// engines/ready-bench: the readiness benchmark's table (engines/*.test.ts are node:test suites of their own).
const TEST_FILES = ['src/**/*.test.ts', 'scripts/**/*.test.mjs', 'engines/ready-bench/*.test.ts'];

const OWN_PROCESS = [
  'src/app/export/import-run.test.ts',
  'src/app/storage/recorder.test.ts',
  'src/app/storage/run-db.test.ts',
  'src/app/storage/saved-runs-damage.test.ts',
  'src/app/storage/saved-runs-own-rows.test.ts',
  'src/app/storage/saved-runs-results.test.ts',
  'src/app/worker/*.test.ts',
  'src/core/backend/*.test.ts',
  'src/core/webgpu/dispatch-cache.test.ts',
  'src/core/webgpu/fused-kernels.test.ts',
  'src/core/webgpu/overhead-counters.test.ts',
  'src/core/webgpu/recorded-step.test.ts',
  'src/core/webgpu/rollout-kernel.test.ts',
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // A cap that catches a hang, not a bound on speed: the same test ran 5x slower on 2 cores beside
      // a competing load than alone, and a tighter cap failed it at random (docs/benchmarks.md).
      testTimeout: 600_000,
      pool: 'forks',
      // Vitest leaves a core idle by default (one worker on two cores), and many files here wait on
      // child processes (tsx, python3) or the GPU driver: a worker per core keeps both cores busy.
      maxWorkers: availableParallelism(),
      sequence: { sequencer: LongPolesFirst },
      projects: [
        { extends: true, test: { name: 'shared', isolate: false, include: TEST_FILES, exclude: [...configDefaults.exclude, ...OWN_PROCESS] } },
        { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
      ],
    },
  }),
);
