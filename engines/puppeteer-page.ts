/** A puppeteer page as the engine scripts drive it (driver.ts): Firefox over WebDriver BiDi, Chromium over CDP. */
import type { Page } from 'puppeteer-core';
import type { PageDriver } from './driver';

export function pageDriver(page: Page, close: () => Promise<void>): PageDriver {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    call: <T>(source: string, ...args: unknown[]) => page.evaluate(`(${source})(...${JSON.stringify(args)})`) as Promise<T>,
    upload: async (selector, path) => {
      const input = await page.$(selector);
      if (!input) throw new Error(`no ${selector}`);
      await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
    },
    console: () => lines,
    close,
  };
}
