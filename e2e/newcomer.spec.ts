import { expect, test } from '@playwright/test';
import { roundsDone } from './playground';

// A newcomer on this GPU-less machine (the SwiftShader-launched browser offers WebGPU and
// WebGL, both CPU emulations): the built app with no URL flags, the default preset, Start at
// once. The app trains on wasm; the first pass@1 point and the first complete round come, with
// the chart and the round both in view at 1440x900. How long they took is annotated, not
// asserted: on 2 shared cores it varies several-fold with the load.
test('a newcomer with no flags sees a first point and a first round, both in view', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await expect(page.getByLabel('Preset')).toHaveValue('agon-vs-grpo');
  const started = Date.now();
  await page.getByRole('button', { name: 'Start' }).click();
  const chart = page.getByTestId('chart-pass-at-1');
  await expect.poll(async () => ((await chart.count()) > 0 ? Number(await chart.getAttribute('data-points')) : 0), { timeout: 360_000 }).toBeGreaterThan(0);
  await expect.poll(() => roundsDone(page), { timeout: 360_000 }).toBeGreaterThanOrEqual(1);
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: 'first round after', description: `${seconds.toFixed(0)} s` });
  await expect(page.getByTestId('round-view')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const part of [chart, page.locator('#round-title')]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
  }
  await page.getByRole('button', { name: 'Stop' }).click();
});
