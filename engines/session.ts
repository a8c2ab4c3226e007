/** One engine's suite: the built app served on a port and one browser, shared by every test of the file. */
import { after, before } from 'node:test';
import { buildApp, BUILT_APP } from '../e2e/built-app';
import { serve, type Served } from './app';
import type { BrowserDriver } from './driver';

export interface Session {
  browser: BrowserDriver;
  /** The built app's address, ending in '/'. */
  url: string;
}

/** Builds and serves the app and launches the browser before the file's tests, closes both after them. */
export function engineSession(port: number, launch: () => Promise<BrowserDriver>): () => Session {
  let browser: BrowserDriver;
  let served: Served;
  before(async () => {
    buildApp();
    served = await serve(BUILT_APP, port);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    served?.close();
  });
  return () => ({ browser, url: served.url });
}
