/**
 * Builds the app (the same `vite build` as `npm run build`, into a test folder; again only when a
 * source is newer than the build) for the projects that run the browser tests against it, served
 * from /agon-sub/ by scripts/serve-static.mjs, as a static host would.
 */
import { test } from '@playwright/test';
import { buildApp } from './built-app';

test('build the app for the sub-path host', () => {
  test.setTimeout(600_000);
  const ms = buildApp();
  test.info().annotations.push({ type: 'build', description: ms ? `${(ms / 1000).toFixed(0)} s` : 'reused: newer than every source' });
});
