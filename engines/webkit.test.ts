/**
 * `npm run test:webkit`: the built app in Debian's WebKitGTK MiniBrowser (WebKitWebDriver on an
 * Xvfb display). It has no navigator.gpu, so it trains on wasm (WebGL, where it starts, is a software renderer passed over).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { customArmTests } from './custom-arm';
import { newcomerTests } from './newcomer';
import { engineSession } from './session';
import { launchWebKit } from './webkit';

const PORT = Number(process.env.WEBKIT_E2E_PORT || 5292);

const session = engineSession(PORT, launchWebKit);

describe('WebKitGTK: a newcomer', () => {
  newcomerTests(session, ({ backend, kind, text }) => {
    assert.equal(backend, 'wasm');
    assert.equal(kind, 'fallback');
    assert.match(text, /training on wasm \(slower\) because webgpu: no navigator\.gpu/);
  });
});

describe('WebKitGTK: a question of your own', () => {
  customArmTests(session);
});
