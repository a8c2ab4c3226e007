// Browser side of e2e/wasm-decode.spec.ts: on the wasm backend as the app loads it (the
// threaded build, whose memory is shared, on a cross-origin isolated page), a KV-cache rollout
// on the wasm decode kernels against the full recompute on the plain ops.
import * as tf from '@tensorflow/tfjs';
import { configureWasmPaths } from '../../src/app/wasmPaths';
import { selectBackend } from '../../src/core/backend';
import { sample, sampleFullRecompute } from '../../src/core/model/sampler';
import { Transformer } from '../../src/core/model/transformer';
import { wasmDecodeKernelsActive } from '../../src/core/wasm/decode-attention';

declare global {
  interface Window {
    __wasmDecode?: { sharedMemory: boolean; kernelsActive: boolean; sameTokens: boolean; rows: number; error?: string };
  }
}

async function check(): Promise<NonNullable<Window['__wasmDecode']>> {
  configureWasmPaths();
  await selectBackend(['wasm']);
  const config = { vocabSize: 13, dModel: 32, nLayers: 2, nHeads: 4, dFF: 64, maxLen: 48 };
  const model = new Transformer(config, 5);
  const prompts = [[1, 2, 3], [4, 5, 6, 7, 8, 9], [10], [3, 3, 3, 3]];
  const opts = { maxNewTokens: 20, temperature: 1, topP: 0.9, eosId: -1, padId: 0, seed: 11 };
  const cached = await sample(model, prompts, opts);
  const full = await sampleFullRecompute(model, prompts, opts);
  model.dispose();
  const backend = tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } };
  return {
    sharedMemory: backend.wasm.HEAPU8.buffer instanceof SharedArrayBuffer,
    kernelsActive: wasmDecodeKernelsActive(config),
    sameTokens: JSON.stringify(cached.tokens) === JSON.stringify(full.tokens),
    rows: cached.tokens.length,
  };
}

check().then(
  (result) => (window.__wasmDecode = result),
  (e: unknown) => (window.__wasmDecode = { sharedMemory: false, kernelsActive: false, sameTokens: false, rows: 0, error: String(e) }),
);
