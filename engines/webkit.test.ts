/**
 * `npm run test:webkit`: the built app in Debian's WebKitGTK MiniBrowser (WebKitWebDriver on an
 * Xvfb display). It has no navigator.gpu, so it trains on wasm (WebGL, where it starts, is a software renderer passed over).
 */
import { after, before, describe } from 'node:test';
import { buildApp, DIST, serve, type Served } from './app';
import type { BrowserDriver } from './driver';
import { newcomerTests, type Session } from './newcomer';
import { launchWebKit } from './webkit';

const PORT = Number(process.env.WEBKIT_E2E_PORT || 5292);

let browser: BrowserDriver;
let served: Served;
const session = (): Session => ({ browser, url: served.url });

before(async () => {
  buildApp();
  served = await serve(DIST, PORT);
  browser = await launchWebKit();
});

after(async () => {
  await browser?.close();
  served?.close();
});

describe('WebKitGTK: a newcomer', () => {
  newcomerTests(session, { backend: 'wasm', notice: { kind: 'fallback', text: /training on wasm \(slower\) because webgpu: no navigator\.gpu/ } });
});
