/**
 * Debian's Chromium through npm puppeteer-core, with WebGPU on SwiftShader as the Playwright
 * suite launches it (playwright.config.ts), for the scripts that drive all three engines alike.
 */
import puppeteer, { type Page } from 'puppeteer-core';
import type { BrowserDriver, PageDriver } from './driver';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const FLAGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function pageDriver(page: Page, close: () => Promise<void>): PageDriver {
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

export async function launchChromium(): Promise<BrowserDriver> {
  const browser = await puppeteer.launch({ browser: 'chrome', executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    engine: 'chromium',
    newPage: async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      return pageDriver(page, () => context.close());
    },
    close: () => browser.close(),
  };
}
