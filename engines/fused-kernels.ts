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
import { COUNT_LIMITS, KERNEL_CASES, MEMORY_STEPS, ROLLOUT_KERNEL_SETTINGS, ROLLOUT_SETTINGS, SAMPLING_SEEDS, SAMPLING_SETTINGS, SAMPLING_SHAPES, TOLERANCE } from '../e2e/fused-check-cases';

const DIST = '.test-output/engines-fused-dist';
const PORT = Number(process.env.FUSED_E2E_PORT || 5293);

interface Counts {
  train: number;
  token: number;
  trainDispatches: number;
  tokenDispatches: number;
}

interface Readbacks {
  backend: string;
  draft: number;
  solve: number;
  round: number;
  update: number;
  earlyStopMismatch: number;
}

interface Memory {
  numTensors: number;
  numBytesInGPU?: number;
}

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
    for (const { label, name, args } of KERNEL_CASES) within(label, await check(page, name, ...args));
  });

  test('the fused sampling kernel draws the same tokens as the plain path', async () => {
    for (const [B, V] of SAMPLING_SHAPES) {
      for (const [temperature, topP] of SAMPLING_SETTINGS) {
        const [tokens, logProb, prob, done] = await check(page, 'sampling', B, V, temperature, topP, SAMPLING_SEEDS);
        const label = `sampling B${B} V${V} T${temperature} topP${topP}`;
        assert.equal(tokens, 0, `${label}: token mismatches`);
        assert.equal(done, 0, `${label}: finished-flag mismatches`);
        assert.ok(logProb! < TOLERANCE && prob! < TOLERANCE, `${label}: log-prob ${logProb}, probability ${prob}`);
      }
    }
    for (const [temperature, topP] of ROLLOUT_SETTINGS) {
      const [mismatch, logProb] = await check(page, 'rollout', temperature, topP);
      assert.equal(mismatch, 0, `rollout T${temperature} topP${topP}: token mismatches`);
      assert.ok(logProb! < TOLERANCE, `rollout T${temperature} topP${topP}: log-prob ${logProb}`);
    }
  });

  test('the rollout kernel draws the plain path\'s tokens in one dispatch and one read-back', async () => {
    for (const [temperature, topP, eosId] of ROLLOUT_KERNEL_SETTINGS) {
      const label = `rollout kernel T${temperature} topP${topP} eos ${eosId}`;
      const [mismatch, logProb, finished, dispatches, readBacks] = await check(page, 'rolloutKernel', temperature, topP, eosId);
      assert.equal(mismatch, 0, `${label}: token mismatches`);
      assert.ok(logProb! < TOLERANCE, `${label}: log-prob ${logProb}`);
      assert.deepEqual([dispatches, readBacks], [1, 1], `${label}: dispatches, read-backs`);
      if (eosId === 5) assert.ok(finished! > 0, `${label}: rows that drew eos`);
    }
  });

  test('the default model trains and samples within the kernel and dispatch counts', async () => {
    const plain = await page.call<Counts>('() => window.__fused.counts(false)');
    const fused = await page.call<Counts>('() => window.__fused.counts(true)');
    assert.ok(fused.train <= COUNT_LIMITS.trainKernels, `kernels a training step: ${fused.train}`);
    assert.ok(fused.token <= COUNT_LIMITS.tokenKernels, `kernels a token: ${fused.token}`);
    assert.ok(fused.trainDispatches <= COUNT_LIMITS.trainDispatches && fused.trainDispatches < plain.trainDispatches, `dispatches a training step: ${fused.trainDispatches}`);
    assert.ok(fused.tokenDispatches <= COUNT_LIMITS.tokenDispatches && fused.tokenDispatches < plain.tokenDispatches, `dispatches a token: ${fused.tokenDispatches}`);
  });

  test('a rollout stage reads back at most once on the fused path', async () => {
    const r = await page.call<Readbacks>('() => window.__fused.readbacks()');
    assert.equal(r.backend, 'webgpu');
    assert.ok(r.draft <= 1 && r.solve <= 1, `read-backs: drafts ${r.draft}, solutions ${r.solve}`);
    assert.equal(r.update, 1);
    assert.equal(r.round, r.draft + r.solve + 2 * r.update);
    assert.equal(r.earlyStopMismatch, 0);
  });

  test(`${MEMORY_STEPS} GRPO steps on the fused path leave the tensor count and GPU bytes flat`, async () => {
    const { before, after } = await page.call<{ before: Memory; after: Memory }>('(steps) => window.__fused.memory(5, steps)', MEMORY_STEPS);
    assert.ok(before.numTensors > 0);
    assert.equal(after.numTensors, before.numTensors);
    assert.equal(after.numBytesInGPU, before.numBytesInGPU);
    await page.close();
    served.close();
  });
}
