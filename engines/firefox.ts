/**
 * Debian's Firefox ESR through npm puppeteer-core over WebDriver BiDi (Playwright needs its own
 * patched Firefox, which cannot be downloaded here). WebGPU is on, over whatever Vulkan driver
 * the environment names: lavapipe (Mesa 25) on a machine without a GPU.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import type { BrowserDriver } from './driver';
import { pageDriver } from './puppeteer-page';

export const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
const LAVAPIPE_ICD = '/usr/share/vulkan/icd.d/lvp_icd.json';

export async function launchFirefox(): Promise<BrowserDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, VK_DRIVER_FILES: process.env.VK_DRIVER_FILES ?? LAVAPIPE_ICD },
    // Firefox ESR keeps WebGPU behind a pref, and its blocklist refuses a software Vulkan driver.
    extraPrefsFirefox: { 'dom.webgpu.enabled': true, 'gfx.webgpu.ignore-blocklist': true },
  });
  return {
    engine: 'firefox',
    newPage: async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      return pageDriver(page, () => context.close());
    },
    close: () => browser.close(),
  };
}
