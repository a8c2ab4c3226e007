import { expect, test, type Locator, type Page } from '@playwright/test';
import { configureMicro, openPlayground } from './playground';

/** The element lies wholly inside the viewport, with the page scrolled to the top. */
async function inViewport(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

// A lecture shows a round and its effect together: on a laptop-size screen the pass@1
// chart and the round view's head sit side by side above the fold. A round is shown one
// problem at a time, as a grid of its samples, with the details of the one clicked.
for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
  test(`the pass@1 chart and the current round fit on one ${width}x${height} screen`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width, height });
    await openPlayground(page, '?backends=wasm');
    await configureMicro(page, ['agon', 'zero-shot'], { 'problems per step': '2' });
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'complete', { timeout: 180_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inViewport(page, page.getByTestId('chart-pass-at-1'))).toBe(true);
    for (const part of [page.locator('#round-title'), page.getByTestId('round-arm-tabs'), page.getByTestId('roles')]) expect(await inViewport(page, part)).toBe(true);

    // One problem at a time: a picker for the round's 2 problems, a cell per draft/solution pair.
    const roundView = page.getByTestId('round-view');
    await expect(roundView.getByTestId('problem-pick')).toHaveCount(2);
    await expect(roundView.getByTestId('sample-cell')).toHaveCount(2);
    await expect(roundView.getByTestId('pair')).toHaveCount(1);
    await expect(roundView.getByTestId('pair')).toContainText('Draft 1');
    await roundView.getByTestId('sample-cell').nth(1).click();
    await expect(roundView.getByTestId('pair')).toContainText('Draft 2');
    const first = await roundView.getByTestId('problem-text').textContent();
    await roundView.getByTestId('problem-pick').nth(1).click();
    await expect(roundView.getByTestId('problem-text')).not.toHaveText(first!);
    await expect(roundView.getByTestId('pair')).toContainText('Draft 1');
  });
}
