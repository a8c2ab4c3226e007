import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_KERNEL_CASES, CHROMIUM_SAMPLING_SHAPES, RECORDED_LIMITS, ROLLOUT_KERNEL_SETTINGS, ROLLOUT_SETTINGS, SAMPLING_SEEDS, SAMPLING_SETTINGS, TOLERANCE } from './fused-check-cases';

// Each fused WebGPU kernel against the plain tfjs ops on the same (SwiftShader) adapter (the
// checks themselves in ./fused-check-cases, which Firefox's suite runs too). SwiftShader is several
// times slower than lavapipe, so Chromium checks each kernel at one shape (CHROMIUM_KERNEL_CASES)
// and leaves to Firefox's suite (engines/fused-kernels.ts) what does not depend on the engine: the
// second shapes, the kernel, dispatch and read-back counts (tfjs's own bookkeeping, the same code in
// every browser; Node on Dawn counts them too) and the 300-step memory check.

type Checks = NonNullable<Window['__fused']>;

// One page for all checks, in turn: SwiftShader compiles each shader once for the page, and a
// page per check spent most of its time compiling the same ones again.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(600_000);
  page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await page.goto('./e2e/pages/fused-kernels.html');
  await page.waitForFunction(() => window.__fused !== undefined);
  expect(await check(page, 'ready')).toBe(true);
});

test.afterAll(async () => {
  await page.close();
});

async function check<K extends keyof Checks>(page: Page, name: K, ...args: Parameters<Checks[K]>): Promise<number[]> {
  return page.evaluate(
    ([n, a]) => (window.__fused![n] as (...x: unknown[]) => Promise<number[]>)(...a),
    [name, args] as const,
  );
}

test('fused WebGPU kernels equal the plain ops, forward and gradients', async () => {
  test.setTimeout(600_000);
  for (const { label, name, args } of CHROMIUM_KERNEL_CASES) {
    const diffs = await page.evaluate(([n, a]) => (window.__fused![n as keyof Checks] as (...x: unknown[]) => Promise<number[]>)(...a), [name, args] as const);
    expect(diffs.length, label).toBeGreaterThan(0);
    for (const [i, d] of diffs.entries()) expect(d, `${label}, output ${i}`).toBeLessThan(TOLERANCE);
  }
});

test('the fused sampling kernel draws the same tokens as the plain path', async () => {
  test.setTimeout(600_000);
  for (const [B, V] of CHROMIUM_SAMPLING_SHAPES) {
    for (const [temperature, topP] of SAMPLING_SETTINGS) {
      const label = `sampling B${B} V${V} T${temperature} topP${topP}`;
      const [tokens, logProb, prob, done] = await check(page, 'sampling', B, V, temperature, topP, SAMPLING_SEEDS);
      expect(tokens, `${label}: token mismatches`).toBe(0);
      expect(done, `${label}: finished-flag mismatches`).toBe(0);
      expect(logProb, `${label}: log-prob`).toBeLessThan(TOLERANCE);
      expect(prob, `${label}: probability`).toBeLessThan(TOLERANCE);
    }
  }
  for (const [temperature, topP] of ROLLOUT_SETTINGS) {
    const [mismatch, logProb] = await check(page, 'rollout', temperature, topP);
    expect(mismatch, `rollout T${temperature} topP${topP}: token mismatches`).toBe(0);
    expect(logProb, `rollout T${temperature} topP${topP}: log-prob`).toBeLessThan(TOLERANCE);
  }
});

test('the rollout kernel draws the plain path\'s tokens in one dispatch and one read-back', async () => {
  test.setTimeout(600_000);
  for (const [temperature, topP, eosId] of ROLLOUT_KERNEL_SETTINGS) {
    const label = `rollout kernel T${temperature} topP${topP} eos ${eosId}`;
    const [mismatch, logProb, finished, dispatches, readBacks] = await check(page, 'rolloutKernel', temperature, topP, eosId);
    expect(mismatch, `${label}: token mismatches`).toBe(0);
    expect(logProb, `${label}: log-prob`).toBeLessThan(TOLERANCE);
    expect([dispatches, readBacks], `${label}: dispatches, read-backs`).toEqual([1, 1]);
    if (eosId === 5) expect(finished, `${label}: rows that drew eos`).toBeGreaterThan(0);
  }
});

// The recorded training step (its equality with the plain ops is a KERNEL_CASES case): once
// recorded, a step makes no buffer, bind group or uniform buffer, reads nothing back and submits once.
test('the recorded training step replays with nothing created and one submit', async () => {
  test.setTimeout(600_000);
  const [recording, ...replays] = await page.evaluate(() => window.__fused!.recordedCounts(4));
  const { dispatches, ...nothing } = RECORDED_LIMITS;
  expect(recording!.buffersCreated).toBeGreaterThan(0);
  expect(replays).toHaveLength(3);
  for (const c of replays) {
    expect(c).toMatchObject(nothing);
    expect(c.dispatches).toBeGreaterThan(0);
    expect(c.dispatches).toBeLessThanOrEqual(dispatches);
  }
});
