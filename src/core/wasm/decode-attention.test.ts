import * as tf from '@tensorflow/tfjs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { compiledModule } from '../../../scripts/build-wasm-kernels.mjs';
import { attend } from '../model/attention';
import { useWasmBackend } from '../model/testing';
import { APPEND_KV, DECODE_ATTENTION } from '../webgpu/decode';
import { instantiateOn, wasmDecodeKernelsActive } from './decode-attention';

beforeAll(useWasmBackend);

const MASKED = -1e9;

/** A decoding step's inputs: qkv [B, 3D], a cache [2, lmax, B*H, dh] of random values, row b's first b % 3 slots padding. */
function stepInputs(B: number, H: number, dh: number, lmax: number, seed: number) {
  const D = H * dh;
  const pad = new Float32Array(B * lmax);
  for (let b = 0; b < B; b++) for (let l = 0; l < b % 3; l++) pad[b * lmax + l] = MASKED;
  return {
    qkv: tf.randomNormal([B, 3 * D], 0, 1, 'float32', seed) as tf.Tensor2D,
    cache: tf.randomNormal([2, lmax, B * H, dh], 0, 1, 'float32', seed + 1) as tf.Tensor4D,
    padding: tf.tensor2d(pad, [B, lmax]),
  };
}

/** The plain ops' attention of the new token over the first len slots and itself: the reference. */
function plainAttention(qkv: tf.Tensor2D, cache: tf.Tensor4D, padding: tf.Tensor2D, H: number, len: number): tf.Tensor2D {
  return tf.tidy(() => {
    const [B] = qkv.shape;
    const [, , C, dh] = cache.shape;
    const [q, k, v] = tf.split(qkv, 3, 1) as tf.Tensor2D[];
    const heads = (t: tf.Tensor) => tf.reshape(t, [1, C, dh]) as tf.Tensor3D;
    const slots = (which: number) => tf.concat([tf.reshape(tf.slice(cache, [which, 0, 0, 0], [1, len, C, dh]), [len, C, dh]), heads(which === 0 ? k! : v!)]) as tf.Tensor3D;
    const mask = tf.reshape(tf.concat([tf.slice(padding, [0, 0], [B, len]), tf.zeros([B, 1])], 1), [1, B, 1, len + 1]) as tf.Tensor4D;
    return tf.reshape(attend(heads(tf.mul(q!, 1 / Math.sqrt(dh))), slots(0), slots(1), mask), [B, H * dh]);
  });
}

const run = (name: string, inputs: tf.NamedTensorMap, attrs: { heads: number; len: number }) =>
  tf.engine().runKernel(name, inputs, attrs as unknown as tf.NamedAttrMap) as tf.Tensor;

describe('wasm decode attention', () => {
  it.each([
    [5, 2, 8, 9, 6],
    [3, 4, 16, 12, 0],
    [4, 1, 4, 7, 6],
  ])('matches the plain ops within 1e-5 (B %i, H %i, dHead %i, Lmax %i, len %i)', (B, H, dh, lmax, len) => {
    const { qkv, cache, padding } = stepInputs(B, H, dh, lmax, B + len);
    const expected = plainAttention(qkv, cache, padding, H, len);
    const got = run(DECODE_ATTENTION, { qkv, cache, padding }, { heads: H, len });
    expect(got.shape).toEqual([B, H * dh]);
    expect(tf.max(tf.abs(tf.sub(got, expected))).dataSync()[0]).toBeLessThan(1e-5);
    tf.dispose([qkv, cache, padding, expected, got]);
  });

  it('appends the new keys and values at slot len in place and leaves every other slot', () => {
    const [B, H, dh, lmax, len] = [3, 2, 8, 6, 4];
    const { qkv, cache, padding } = stepInputs(B, H, dh, lmax, 5);
    const before = cache.arraySync();
    const appended = run(APPEND_KV, { qkv, cache }, { heads: H, len });
    expect(appended.dataId).toBe(cache.dataId);
    const after = appended.arraySync() as number[][][][];
    const [, k, v] = tf.split(qkv, 3, 1).map((t) => t.reshape([B * H, dh]).arraySync() as number[][]);
    for (let which = 0; which < 2; which++) {
      for (let l = 0; l < lmax; l++) expect(after[which]![l]).toEqual(l === len ? (which === 0 ? k : v) : before[which]![l]);
    }
    tf.dispose([qkv, cache, padding, appended]);
  });

  it('leaks no tensors and no wasm memory over many steps', () => {
    const { qkv, cache, padding } = stepInputs(4, 2, 8, 10, 3);
    const step = (len: number) => {
      const out = run(DECODE_ATTENTION, { qkv, cache, padding }, { heads: 2, len });
      run(APPEND_KV, { qkv, cache }, { heads: 2, len }).dispose();
      out.dispose();
    };
    step(0);
    const { numTensors, numBytesInWASM } = tf.memory() as tf.MemoryInfo & { numBytesInWASM: number };
    for (let len = 1; len < 10; len++) step(len);
    const now = tf.memory() as tf.MemoryInfo & { numBytesInWASM: number };
    expect([now.numTensors, now.numBytesInWASM]).toEqual([numTensors, numBytesInWASM]);
    tf.dispose([qkv, cache, padding]);
  });

  it('is taken on wasm only where dHead is a multiple of 4', () => {
    const config = { vocabSize: 11, dModel: 16, nLayers: 1, nHeads: 2, dFF: 8, maxLen: 8 };
    expect(wasmDecodeKernelsActive(config)).toBe(true);
    expect(wasmDecodeKernelsActive({ ...config, dModel: 12 })).toBe(false);
  });

  it('falls back to the plain ops where its module cannot run (no SIMD, or bytes that do not compile)', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    expect(instantiateOn(memory)).not.toBeNull();
    expect(instantiateOn(memory, new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]))).toBeNull();
  });

  it('ships the module its WebAssembly text compiles to (npm run build:wasm-kernels)', async () => {
    expect(readFileSync('src/core/wasm/decode-attention-binary.ts', 'utf8')).toBe(await compiledModule());
  });
});
