import { expect, test } from '@playwright/test';
import { backendSettled, configureMicro, openPlayground } from './playground';

// With no ?backends the page is ready on a quick wasm start while a second worker searches for a
// faster backend. `?probe` with a long attempt limit keeps that search busy (it times WebGPU on
// SwiftShader against wasm), so a run started at once runs beside it.
test('a run started at once completes, and the search then takes over and says what it found', async ({ page }) => {
  test.setTimeout(600_000);
  await openPlayground(page, '?probe&attempt-limit=60');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  await configureMicro(page, ['agon', 'grpo', 'zero-shot']);
  const searchAtStart = await page.getByTestId('status-bar').getAttribute('data-search');
  test.info().annotations.push({ type: 'search when the run started', description: searchAtStart ?? '' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
  await expect(page.getByTestId('chart-pass-at-1')).toHaveAttribute('data-keys', /agon/);
  await backendSettled(page, 170_000);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-search', 'adopted');
  // Whether WebGPU's timing answers within its limit depends on the machine's load (the decision
  // itself is unit-tested with injected timings): either way the header says why not WebGPU.
  const notice = page.getByTestId('backend-notice');
  await expect(notice).toHaveAttribute('data-kind', /^(probe|fallback)$/);
  await expect(notice).toContainText(/WebGPU timed slower than wasm here|webgpu: /);
  // The finished run is still on screen after the takeover.
  await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete');
});
