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
import { customArmTests } from './custom-arm';
import { newcomerTests, type Expected } from './newcomer';
import { engineSession } from './session';
import { orders, startsTest } from './starts';

const PORT = Number(process.env.FIREFOX_E2E_PORT || 5291);
const STARTS = Number(process.env.FIREFOX_STARTS) || undefined;

const session = engineSession(PORT, launchFirefox);

/**
 * lavapipe's adapter reports no name, only a fallback flag: the search times WebGPU against wasm.
 * Which side wins, or whether WebGPU answers within its limit at all, depends on the machine's
 * load, so any of those outcomes passes (the decision itself is unit-tested with injected
 * timings, core/backend/select-probe.test.ts); what must hold is that the header names the
 * backend and says why it is not WebGPU.
 */
const trainsAndSaysWhy: Expected = ({ backend, kind, text }) => {
  assert.ok(['wasm', 'webgpu'].includes(backend), backend);
  if (backend === 'wasm') {
    assert.ok(kind === 'probe' || kind === 'fallback', `notice kind ${kind}: ${text}`);
    assert.match(text, /webgpu/i);
  }
};

describe('Firefox: a newcomer', () => {
  newcomerTests(session, trainsAndSaysWhy);
});

describe('Firefox: a question of your own', () => {
  customArmTests(session);
});

describe('Firefox: the backend choice always ends', () => {
  startsTest(session, '', STARTS ?? 4, trainsAndSaysWhy);
  // The start that hung: WebGL fails here, then wasm must start.
  startsTest(session, '?backends=webgl,wasm', STARTS ?? 8, ({ backend }) => assert.equal(backend, 'wasm'));
  for (const order of orders(['webgpu', 'webgl', 'wasm'])) {
    startsTest(session, `?backends=${order.join(',')}`, STARTS ?? 1, ({ backend }) => assert.ok(['webgpu', 'wasm'].includes(backend), backend));
  }
});

describe('Firefox: the fused WebGPU kernels through wgpu and Naga', () => {
  fusedKernelTests(() => session().browser);
});
