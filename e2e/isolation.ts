/** Helpers for the cross-origin isolation tests: is the page, and is its training worker, isolated; wasm's thread count. */
import { expect, type Page } from '@playwright/test';

/** The training worker (wasm's own thread workers are blob: URLs, often blocked in a wait, so not asked). */
export async function trainingWorkerIsolated(page: Page): Promise<boolean> {
  await expect.poll(() => page.workers().some((w) => w.url().includes('experiment.worker'))).toBe(true);
  const worker = page.workers().find((w) => w.url().includes('experiment.worker'));
  return worker!.evaluate(() => self.crossOriginIsolated);
}

export const pageIsolated = (page: Page) => page.evaluate(() => window.crossOriginIsolated);

/** The thread count the header shows for wasm, and whether it says the worker is isolated. */
export async function wasmThreads(page: Page): Promise<{ threads: number; isolated: boolean; text: string }> {
  const badge = page.getByTestId('wasm-threads');
  await expect(badge).toBeVisible();
  return {
    threads: Number(await badge.getAttribute('data-threads')),
    isolated: (await badge.getAttribute('data-isolated')) === 'true',
    text: (await badge.textContent()) ?? '',
  };
}
