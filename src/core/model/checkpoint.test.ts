import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckpointError,
  decodeCheckpoint,
  encodeCheckpoint,
  loadCheckpointInto,
  modelFromCheckpoint,
} from './checkpoint';
import { TINY_CONFIG, useWasmBackend } from './testing';
import { Transformer } from './transformer';

const TOKENIZER = 'tok-v1';
let source: Transformer;
let target: Transformer;
let bytes: Uint8Array;
const tokens = () => tf.tensor2d([[1, 2, 3, 4, 5]], [1, 5], 'int32');

function logitsOf(model: Transformer): Float32Array {
  return tf.tidy(() => model.forward(tokens()).dataSync() as Float32Array);
}

function snapshot(model: Transformer): Float32Array[] {
  return model.weights.map((w) => w.dataSync().slice() as Float32Array);
}

/** Asserts that loading `bad` into the target throws a CheckpointError matching `message` and changes no weight. */
function expectRejected(bad: Uint8Array, message: RegExp, tokenizerVersion = TOKENIZER): void {
  const before = snapshot(target);
  expect(() => loadCheckpointInto(target, bad, { tokenizerVersion })).toThrow(CheckpointError);
  expect(() => loadCheckpointInto(target, bad, { tokenizerVersion })).toThrow(message);
  expect(snapshot(target)).toEqual(before);
}

beforeAll(async () => {
  await useWasmBackend();
  source = new Transformer(TINY_CONFIG, 1);
  target = new Transformer(TINY_CONFIG, 2);
  bytes = encodeCheckpoint(source, { tokenizerVersion: TOKENIZER, extra: { step: 7 } });
});
afterAll(() => {
  source.dispose();
  target.dispose();
});

describe('checkpoint', () => {
  it('round-trips weights, config and metadata', () => {
    const decoded = decodeCheckpoint(bytes);
    expect(decoded.config).toEqual(TINY_CONFIG);
    expect(decoded.extra).toEqual({ step: 7 });
    expect(bytes.length).toBeLessThan(16 + 4096 + 4 * source.paramCount());
    const restored = modelFromCheckpoint(bytes, TOKENIZER);
    expect(logitsOf(restored)).toEqual(logitsOf(source));
    restored.dispose();
  });

  it('rejects bytes that are not a checkpoint', () => {
    expectRejected(new TextEncoder().encode('{"hello": "world"} and more text'), /Not an Agon checkpoint/);
  });

  it('rejects a truncated file', () => {
    expectRejected(bytes.slice(0, bytes.length - 10), /truncated/);
    expectRejected(bytes.slice(0, 20), /truncated/);
  });

  it('rejects an unsupported version', () => {
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(8, 99, true);
    expectRejected(future, /Unsupported checkpoint format version 99/);
  });

  it('rejects a corrupted header', () => {
    const corrupt = bytes.slice();
    corrupt[17] = 0x7b; // '{' inside the JSON header
    expectRejected(corrupt, /header is corrupted/);
  });

  it('rejects a different model config', () => {
    const wide = new Transformer({ ...TINY_CONFIG, dFF: 48 }, 1);
    expectRejected(encodeCheckpoint(wide, { tokenizerVersion: TOKENIZER }), /does not match the model/);
    wide.dispose();
  });

  it('rejects a different tokenizer version', () => {
    expectRejected(bytes, /tokenizer "tok-v1".*"tok-v2"/, 'tok-v2');
  });

  it('loads into an existing model', () => {
    loadCheckpointInto(target, bytes, { tokenizerVersion: TOKENIZER });
    expect(logitsOf(target)).toEqual(logitsOf(source));
  });
});
