import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
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

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // scripts/: the pure parts of the test runner (its stage budgets), in plain .mjs like the runner;
      // engines/ready-bench: the readiness benchmark's table (engines/*.test.ts are node:test suites of their own).
      include: ['src/**/*.test.ts', 'scripts/**/*.test.mjs', 'engines/ready-bench/*.test.ts'],
      // A cap that catches a hang, not a bound on speed: the same test ran 5x slower on 2 cores beside
      // a competing load than alone, and a tighter cap failed it at random (docs/benchmarks.md).
      testTimeout: 600_000,
      pool: 'forks',
      // Vitest leaves a core idle by default (one worker on two cores), and many files here wait on
      // child processes (tsx, python3) or the GPU driver: a worker per core keeps both cores busy.
      maxWorkers: availableParallelism(),
      sequence: { sequencer: LongPolesFirst },
    },
  }),
);
