/**
 * The fused WebGPU kernels' checks (src/core/webgpu/testing/fused-checks.ts, the page of
 * e2e/fused-kernels.spec.ts) in another engine: in Firefox the WGSL goes through wgpu and its
 * compiler Naga rather than Dawn and Tint, which is a second opinion on every kernel. The
 * page is built once (vite build of e2e/pages/fused-kernels.html) and served statically.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from 'vite';
import { serve, type Served } from './app';
import type { BrowserDriver, PageDriver } from './driver';
import { waitFor } from './page-helpers';

const DIST = '.test-output/engines-fused-dist';
const PORT = Number(process.env.FUSED_E2E_PORT || 5293);
const TOLERANCE = 1e-4;

async function check(page: PageDriver, name: string, ...args: unknown[]): Promise<number[]> {
  return page.call<number[]>('(name, args) => window.__fused[name](...args)', name, args);
}

function within(label: string, diffs: number[]): void {
  assert.ok(diffs.length > 0, label);
  for (const [i, d] of diffs.entries()) assert.ok(d < TOLERANCE, `${label}, output ${i}: ${d}`);
}

export function fusedKernelTests(browser: () => BrowserDriver): void {
  let served: Served;
  let page: PageDriver;

  test('the fused-kernel page builds and its kernels register on webgpu', async () => {
    await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: DIST, emptyOutDir: true, rollupOptions: { input: 'e2e/pages/fused-kernels.html' } } });
    served = await serve(DIST, PORT);
    page = await browser().newPage();
    await page.goto(`${served.url}e2e/pages/fused-kernels.html`);
    await waitFor('the checks on window', () => page.call<boolean>('() => window.__fused !== undefined'), (v) => v);
    assert.equal(await page.call<boolean>('() => window.__fused.ready()'), true);
  });

  test('fused WebGPU kernels equal the plain ops, forward and gradients', async () => {
    within('layerNorm 37x24', await check(page, 'layerNorm', 37, 24));
    within('gelu 37x24', await check(page, 'gelu', 37, 24));
    within('linear 37x24 -> 70', await check(page, 'linear', 37, 24, 70));
    within('residual block 37x24, 40 hidden', await check(page, 'residualBlock', 37, 24, 40));
    within('unfolded residual 37x24 -> 70', await check(page, 'unfoldedResidual', 37, 24, 70));
    within('token log-probs B3 T7 V59 D24', await check(page, 'tokenLogProbs', 3, 7, 59, 24));
    within('embed B3 T7 V11 maxLen 9 D24', await check(page, 'embed', 3, 7, 11, 9, 24));
    within('attention T5 B3 H2 d8', await check(page, 'attention', 5, 3, 2, 8));
    within('attention from qkv T5 B3 H2 d8', await check(page, 'qkvAttention', 5, 3, 2, 8));
    within('decode S1 L7', await check(page, 'decode', 1, 7, 3, 2, 8));
    within('decode attention + out B16 H4 d16', await check(page, 'decodeAttentionOut', 16, 4, 16, 40, 64));
    within('adam 8 weights', await check(page, 'adam', [[37, 5], [3], [64], [16, 16], [1], [7, 3], [130], [2, 2]], 3));
    within('adam 9 weights in place', await check(page, 'adam', [[37, 5], [3], [64], [16, 16], [1], [7, 3], [130], [2, 2], [5]], 3, true));
    within('model', await check(page, 'model'));
  });

  test('the fused sampling kernel draws the same tokens as the plain path', async () => {
    for (const [temperature, topP] of [[1, 0.9], [0, 1], [1.3, 0.5]] as const) {
      const [tokens, logProb, prob, done] = await check(page, 'sampling', 5, 37, temperature, topP, 4);
      const label = `sampling T${temperature} topP${topP}`;
      assert.equal(tokens, 0, `${label}: token mismatches`);
      assert.equal(done, 0, `${label}: finished-flag mismatches`);
      assert.ok(logProb! < TOLERANCE && prob! < TOLERANCE, `${label}: log-prob ${logProb}, probability ${prob}`);
    }
    const [mismatch, logProb] = await check(page, 'rollout', 1, 0.95);
    assert.equal(mismatch, 0, 'rollout: token mismatches');
    assert.ok(logProb! < TOLERANCE, `rollout: log-prob ${logProb}`);
    await page.close();
    served.close();
  });
}
