/**
 * Debian's Chromium through npm puppeteer-core, with WebGPU on SwiftShader as the Playwright
 * suite launches it (playwright.config.ts), for the scripts that drive all three engines alike.
 */
import puppeteer from 'puppeteer-core';
import type { BrowserDriver } from './driver';
import { pageDriver } from './puppeteer-page';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const FLAGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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
