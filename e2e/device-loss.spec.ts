import { expect, test } from '@playwright/test';
import { configureMicro, ON_WEBGPU, openPlayground, roundsDone, screenshotPage } from './playground';

// The WebGPU device is destroyed mid-run (the real GPUDevice of the worker's tfjs webgpu
// backend, through Playwright's handle on the worker): the run goes on with the next
// backend from its last saved checkpoint and finishes, with a message saying so.
test('a lost WebGPU device: the run continues on wasm from its last checkpoint and finishes', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await openPlayground(page, ON_WEBGPU);
  await expect(page.getByTestId('backend-name')).toHaveText('webgpu');
  await configureMicro(page, ['grpo'], { steps: '4', 'eval every': '1' });

  const progress = page.getByTestId('progress');
  await page.getByRole('button', { name: 'Start' }).click();
  // Two rounds on webgpu: the evaluation after the first saved a checkpoint.
  await expect.poll(() => roundsDone(page), { timeout: 300_000 }).toBeGreaterThanOrEqual(2);
  const worker = page.workers().find((w) => w.url().includes('experiment.worker'));
  expect(worker, 'the training worker').toBeDefined();
  const lostAfter = await roundsDone(page);
  await worker!.evaluate(() => (self as unknown as { agonGpuDevice: { destroy(): void } }).agonGpuDevice.destroy());

  const notice = page.getByTestId('backend-notice');
  await expect(notice).toHaveAttribute('data-kind', 'device-lost', { timeout: 60_000 });
  await expect(notice).toContainText(/WebGPU device lost after step \d \(destroyed.*\); continued on wasm from step [1-9]/);
  await expect(notice).toContainText('not bit-identical');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');

  await expect(progress).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  expect(await roundsDone(page)).toBe(4);
  // The curve goes on past the loss to the end: evaluations at steps 0 to 4, none doubled.
  await page.getByText('x: steps').click();
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-points', '5');
  expect(lostAfter).toBeLessThan(4);
  await screenshotPage(page, testInfo.outputPath('device-lost.png'));
  expect(errors).toEqual([]);
});
