/**
 * `npm run test:firefox`: the built app in Debian's Firefox ESR, WebGPU on lavapipe where Mesa 25
 * is installed (scripts/install-lavapipe.sh). One browser for the whole suite. FIREFOX_STARTS=N
 * repeats every start N times (by default 4 with no flags, 8 for webgl then wasm, once for each
 * other order, which keeps the suite at about five minutes). The hang these catch struck about every
 * second start: 8 starts miss it with a chance of 1 in 256.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { launchFirefox } from './firefox';
import { fusedKernelTests } from './fused-kernels';
import { newcomerTests } from './newcomer';
import { engineSession } from './session';
import { orders, startsTest } from './starts';

const PORT = Number(process.env.FIREFOX_E2E_PORT || 5291);
const STARTS = Number(process.env.FIREFOX_STARTS) || undefined;

const session = engineSession(PORT, launchFirefox);

// lavapipe's adapter reports no name, only a fallback flag: the app times it against wasm.
const WASM_BY_PROBE = /Training on wasm, WebGPU timed slower than wasm here \(webgpu probe (\d+ ms a step|no answer in \d+ s) against wasm \d+ ms: wasm\)/;

describe('Firefox: a newcomer', () => {
  newcomerTests(session, { backend: 'wasm', notice: { kind: 'probe', text: WASM_BY_PROBE } });
});

describe('Firefox: the backend choice always ends', () => {
  startsTest(session, '', STARTS ?? 4, (backend, notice) => {
    assert.equal(backend, 'wasm');
    assert.match(notice, WASM_BY_PROBE);
  });
  // The start that hung: WebGL fails here, then wasm must start.
  startsTest(session, '?backends=webgl,wasm', STARTS ?? 8, (backend) => assert.equal(backend, 'wasm'));
  for (const order of orders(['webgpu', 'webgl', 'wasm'])) {
    startsTest(session, `?backends=${order.join(',')}`, STARTS ?? 1, (backend) => assert.ok(['webgpu', 'wasm'].includes(backend), backend));
  }
});

describe('Firefox: the fused WebGPU kernels through wgpu and Naga', () => {
  fusedKernelTests(() => session().browser);
});
