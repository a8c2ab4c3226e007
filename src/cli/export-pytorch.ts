/** Entry point of `npm run export:pytorch` (see pytorch-export-run.ts). */
import { exportPytorch, USAGE, UsageError } from './pytorch-export-run';

try {
  console.log(await exportPytorch(process.argv.slice(2)));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(`error: ${e.message}\n\n${USAGE}`);
  process.exitCode = 2;
}
