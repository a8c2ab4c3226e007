import { expect, test } from '@playwright/test';

// The wasm decode kernels (src/core/wasm) import tfjs-backend-wasm's memory; in the browser
// that is the threaded build's shared memory, which Node's tests never load.
test('on the threaded wasm build, KV sampling on the wasm decode kernels draws the tokens the full recompute draws', async ({ page }) => {
  await page.goto('./e2e/pages/wasm-decode.html');
  await page.waitForFunction(() => window.__wasmDecode !== undefined, undefined, { timeout: 60_000 });
  const result = await page.evaluate(() => window.__wasmDecode!);
  expect(result.error).toBeUndefined();
  expect(result).toEqual({ sharedMemory: true, kernelsActive: true, sameTokens: true, rows: 4 });
});
