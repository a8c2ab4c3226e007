import { expect, test } from '@playwright/test';
import { openPlayground } from './playground';

// The speed probe on SwiftShader: `?probe` times WebGPU against wasm even though the adapter
// names itself as software (the path Firefox takes for an adapter that reports nothing).
test('?probe times WebGPU against wasm, trains on the faster (wasm on SwiftShader) and says why', async ({ page }) => {
  test.setTimeout(120_000);
  await openPlayground(page, '?probe');
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  const notice = page.getByTestId('backend-notice');
  await expect(notice).toHaveAttribute('data-kind', 'probe');
  await expect(notice).toContainText(/WebGPU timed slower than wasm here \(webgpu probe (\d+ ms a step|no answer in 8 s) against wasm \d+ ms: wasm\)/);
  await expect(page.getByTestId('gpu-adapter')).toContainText('swiftshader');
});
