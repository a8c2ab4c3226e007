/**
 * Builds the app (the same `vite build` as `npm run build`, into a test folder) for the
 * `subpath` project, which runs the browser tests against it served from /agon-sub/ by
 * scripts/serve-static.mjs, as a static host would.
 */
import { execFileSync } from 'node:child_process';
import { test } from '@playwright/test';
import { SUBPATH_DIST } from './subpath';

test('build the app for the sub-path host', () => {
  test.setTimeout(600_000);
  execFileSync('npx', ['vite', 'build', '--outDir', SUBPATH_DIST, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
});
