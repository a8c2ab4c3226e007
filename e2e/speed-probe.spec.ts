import { expect, test } from '@playwright/test';
import { backendSettled, openPlayground } from './playground';

// The speed probe on SwiftShader: `?probe` times WebGPU against wasm even though the adapter
// names itself as software (the path Firefox takes for an adapter that reports nothing). SwiftShader's
// first shader compiles can outlast the default 8 s an attempt gets, which would test the time limit
// instead: this page gives each attempt 60 s.
test('?probe times WebGPU against wasm, trains on the faster (wasm on SwiftShader) and says why', async ({ page }) => {
  test.setTimeout(600_000);
  await openPlayground(page, '?probe&attempt-limit=60');
  await backendSettled(page, 170_000);
  await expect(page.getByTestId('backend-name')).toHaveText('wasm');
  const notice = page.getByTestId('backend-notice');
  await expect(notice).toHaveAttribute('data-kind', 'probe');
  await expect(notice).toContainText(/WebGPU timed slower than wasm here \(webgpu probe (\d+ ms a step|no answer in \d+ s) against wasm \d+ ms: wasm\)/);
  await expect(page.getByTestId('gpu-adapter')).toContainText('swiftshader');
});
