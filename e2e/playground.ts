/** Helpers for driving the playground in browser tests. */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The page setting that trains on WebGPU in these browsers: their only adapter is SwiftShader,
 * a CPU emulation the app passes over for wasm unless the URL names WebGPU.
 */
export const ON_WEBGPU = '?backends=webgpu';

/** Loads the page (relative to baseURL, so also under a sub-path) and waits until the training worker has a backend. */
export async function openPlayground(page: Page, query = ''): Promise<void> {
  await page.goto(`./${query}`);
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-state', 'ready');
}

/**
 * Waits until the background search for a faster backend is over (the page is ready before it,
 * on a quick start: app/worker/backend-search.ts), so that the header names the backend that
 * trains from now on, and why. The wait follows the search: each of its attempts has its own limit.
 */
export async function backendSettled(page: Page, timeout = 120_000): Promise<void> {
  await expect(page.getByTestId('status-bar')).toHaveAttribute('data-search', /^(none|adopted|failed)$/, { timeout });
}

/** The micro preset narrowed to `methods`, with field overrides (label -> value). */
export async function configureMicro(page: Page, methods: string[], fields: Record<string, string> = {}): Promise<void> {
  await page.getByLabel('Preset').selectOption('micro');
  const boxes = page.getByTestId('method-picker').locator('input[name="method"]');
  for (const box of await boxes.all()) {
    const want = methods.includes((await box.getAttribute('value')) ?? '');
    if ((await box.isChecked()) !== want) await box.setChecked(want);
  }
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await expect(page.getByTestId('start-blocked')).toHaveCount(0);
}

export const roundsDone = (page: Page) => page.getByTestId('progress').getAttribute('data-rounds-done').then(Number);

/**
 * A screenshot of the whole page. The viewport is first grown to the page's height,
 * so the sticky header is drawn once at the top rather than mid-page (or over `element`).
 */
export async function screenshotPage(page: Page, path: string, element?: Locator): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await (element ?? page).screenshot({ path });
  await page.setViewportSize(size);
}

/** A paired difference in words, as the "vs" column writes it (core/experiment/paired-words.ts). */
export const PAIRED_WORDS = /^(ahead|behind) by \d+\.\d points, 95% interval -?\d+\.\d to -?\d+\.\d$|^no difference shown \(95% interval -?\d+\.\d to -?\d+\.\d\)$/;
