/**
 * `npm run test:firefox`: the built app in Debian's Firefox ESR, WebGPU on lavapipe where Mesa 25
 * is installed (scripts/install-lavapipe.sh). One browser for the whole suite. FIREFOX_STARTS
 * sets how often each start is repeated (default 5; 10 for webgl then wasm).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { buildApp, DIST, serve, type Served } from './app';
import type { BrowserDriver } from './driver';
import { launchFirefox } from './firefox';
import { fusedKernelTests } from './fused-kernels';
import { newcomerTests, type Session } from './newcomer';
import { orders, startsTest } from './starts';

const PORT = Number(process.env.FIREFOX_E2E_PORT || 5291);
const STARTS = Number(process.env.FIREFOX_STARTS || 5);

let browser: BrowserDriver;
let served: Served;
const session = (): Session => ({ browser, url: served.url });

before(async () => {
  buildApp();
  served = await serve(DIST, PORT);
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  served?.close();
});

// lavapipe's adapter reports no name, only a fallback flag: the app times it against wasm.
const WASM_BY_PROBE = /Training on wasm, WebGPU timed slower than wasm here \(webgpu probe (\d+ ms a step|no answer in \d+ s) against wasm \d+ ms: wasm\)/;

describe('Firefox: a newcomer', () => {
  newcomerTests(session, { backend: 'wasm', notice: { kind: 'probe', text: WASM_BY_PROBE } });
});

describe('Firefox: the backend choice always ends', () => {
  startsTest(session, '', STARTS, (backend, notice) => {
    assert.equal(backend, 'wasm');
    assert.match(notice, WASM_BY_PROBE);
  });
  // The start that hung: WebGL fails here, then wasm must start.
  startsTest(session, '?backends=webgl,wasm', Math.max(10, STARTS), (backend) => assert.equal(backend, 'wasm'));
  for (const order of orders(['webgpu', 'webgl', 'wasm'])) {
    startsTest(session, `?backends=${order.join(',')}`, Math.ceil(STARTS / 5), (backend) => assert.ok(['webgpu', 'wasm'].includes(backend), backend));
  }
});

describe('Firefox: the fused WebGPU kernels through wgpu and Naga', () => {
  fusedKernelTests(() => browser);
});
