import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_VERSION,
  CheckpointError,
  decodeCheckpoint,
  encodeCheckpoint,
  formatOneBytes,
  loadCheckpointInto,
  modelFromCheckpoint,
} from './checkpoint';
import { paramCountOf } from './config';
import { TINY_CONFIG, useWasmBackend, weightsOffset, withEditedHeader } from './testing';
import { Transformer } from './transformer';

const TOKENIZER = 'tok-v1';
const SOURCE = 'test file t.ckpt';
const expected = (tokenizerVersion = TOKENIZER) => ({ tokenizerVersion, source: SOURCE });
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

/**
 * Asserts that loading `bad` into the target throws a CheckpointError naming the source and matching
 * `message`, and changes no weight; and, unless the bytes only mismatch the target, that building a model from them fails alike.
 */
function expectRejected(bad: Uint8Array, message: RegExp, { tokenizerVersion = TOKENIZER, fromScratch = true } = {}): void {
  const before = snapshot(target);
  expect(() => loadCheckpointInto(target, bad, expected(tokenizerVersion))).toThrow(CheckpointError);
  expect(() => loadCheckpointInto(target, bad, expected(tokenizerVersion))).toThrow(message);
  expect(() => loadCheckpointInto(target, bad, expected(tokenizerVersion))).toThrow(/^test file t\.ckpt: /);
  if (fromScratch) expect(() => modelFromCheckpoint(bad, expected(tokenizerVersion))).toThrow(message);
  expect(snapshot(target)).toEqual(before);
}

/** The checkpoint with one weight (value `index` of the weights, in file order) set to `value`; by default its checksum no longer matches. */
function withWeight(index: number, value: number, from = bytes): Uint8Array {
  const out = from.slice();
  new DataView(out.buffer).setFloat32(weightsOffset(out) + 4 * index, value, true);
  return out;
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
  it('round-trips weights, config and metadata, with a checksum per tensor', () => {
    const decoded = decodeCheckpoint(bytes, SOURCE);
    expect(decoded.version).toBe(CHECKPOINT_VERSION);
    expect(decoded.config).toEqual(TINY_CONFIG);
    expect(decoded.extra).toEqual({ step: 7 });
    expect(bytes.length).toBeLessThan(16 + 8192 + 4 * source.paramCount());
    const restored = modelFromCheckpoint(bytes, expected());
    expect(logitsOf(restored)).toEqual(logitsOf(source));
    restored.dispose();
  });

  it('rejects bytes that are not a checkpoint', () => {
    expectRejected(new TextEncoder().encode('{"hello": "world"} and more text'), /not an Agon checkpoint/);
  });

  it('rejects a truncated file', () => {
    expectRejected(bytes.slice(0, bytes.length - 10), /truncated/);
    expectRejected(bytes.slice(0, 20), /truncated/);
  });

  it('rejects an unsupported version', () => {
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(8, 99, true);
    expectRejected(future, /unsupported checkpoint format version 99/);
  });

  it('rejects a corrupted header', () => {
    const corrupt = bytes.slice();
    corrupt[17] = 0x7b; // '{' inside the JSON header
    expectRejected(corrupt, /header is corrupted/);
  });

  it('rejects a weight changed to another finite value, naming the tensor whose checksum fails', () => {
    const flipped = bytes.slice();
    const at = weightsOffset(bytes) + 5; // a low mantissa bit of the second weight of "wte"
    flipped[at] = flipped[at]! ^ 0x01;
    const value = new DataView(flipped.buffer).getFloat32(weightsOffset(bytes) + 4, true);
    expect(Number.isFinite(value)).toBe(true);
    expectRejected(flipped, /tensor "wte" does not match its checksum/);
  });

  it('rejects a run of 0xff bytes in the weights', () => {
    const run = bytes.slice();
    run.fill(0xff, weightsOffset(bytes) + 400, weightsOffset(bytes) + 432);
    expectRejected(run, /does not match its checksum/);
  });

  it('rejects non-finite weights even when their checksum matches, saying which tensor and what', () => {
    const broken = new Transformer(TINY_CONFIG, 1);
    const head = broken.weights[broken.weightNames.indexOf('head')]!;
    const values = head.dataSync().slice() as Float32Array;
    values[3] = Number.NaN;
    values[9] = Number.POSITIVE_INFINITY;
    head.assign(tf.tensor(values, head.shape));
    expectRejected(encodeCheckpoint(broken, { tokenizerVersion: TOKENIZER }), /tensor "head" holds NaN at index 3 and 1 more non-finite value;/);
    broken.dispose();
  });

  it('rejects a checksummed file whose header lost a checksum, or carries a malformed one', () => {
    expectRejected(withEditedHeader(bytes, (h) => delete (h.tensors as Record<string, unknown>[])[2]!.sha256), /header is corrupted/);
    expectRejected(withEditedHeader(bytes, (h) => ((h.tensors as Record<string, unknown>[])[2]!.sha256 = 'zz')), /header is corrupted/);
  });

  it('loads a file from before checksums, with the same weights, and still refuses its non-finite ones', () => {
    const legacy = formatOneBytes(bytes);
    expect(decodeCheckpoint(legacy, SOURCE).version).toBe(1);
    expect(legacy.length).toBeLessThan(bytes.length);
    expect(formatOneBytes(legacy)).toBe(legacy);
    const restored = modelFromCheckpoint(legacy, expected());
    expect(snapshot(restored)).toEqual(snapshot(source));
    restored.dispose();
    // No checksum to catch a finite change in an old file, but a NaN or an infinity is refused.
    expectRejected(withWeight(40, Number.NaN, legacy), /tensor "wte" holds NaN at index 40;/);
    expectRejected(withWeight(0, Number.NEGATIVE_INFINITY, legacy), /tensor "wte" holds -Infinity at index 0;/);
  });

  it('verifies a checksum an old-format file carries, so an edited version number cannot switch checks off', () => {
    const downgraded = bytes.slice();
    new DataView(downgraded.buffer).setUint32(8, 1, true);
    expect(decodeCheckpoint(downgraded, SOURCE).version).toBe(1);
    expectRejected(withWeight(5, 0.5, downgraded), /does not match its checksum/);
  });

  it('refuses a config that does not fit its tensors before building a model from it', () => {
    const huge = withEditedHeader(bytes, (h) => ((h.config as Record<string, number>).dModel = 65536));
    expect(() => modelFromCheckpoint(huge, expected())).toThrow(/header is corrupted \(its model config needs \d+ weights, its tensors hold \d+\)/);
    expectRejected(huge, /does not match the model/, { fromScratch: false });
  });

  it('refuses a tensor whose shape was edited but whose size was not', () => {
    const transposed = withEditedHeader(bytes, (h) => {
      const up = (h.tensors as { name: string; shape: number[] }[]).find((t) => t.name === 'h0.mlp.wup')!;
      up.shape = [...up.shape].reverse();
    });
    expectRejected(transposed, /tensor "h0.mlp.wup" has shape \[32, 16\], expected \[16, 32\]/);
  });

  it('counts the weights of a config as a built model has them', () => {
    for (const config of [TINY_CONFIG, { ...TINY_CONFIG, nLayers: 3, dFF: 48, vocabSize: 7 }]) {
      const model = new Transformer(config, 0);
      expect(paramCountOf(config)).toBe(model.paramCount());
      model.dispose();
    }
  });

  it('rejects a different model config', () => {
    const wide = new Transformer({ ...TINY_CONFIG, dFF: 48 }, 1);
    expectRejected(encodeCheckpoint(wide, { tokenizerVersion: TOKENIZER }), /does not match the model/, { fromScratch: false });
    wide.dispose();
  });

  it('rejects a different tokenizer version', () => {
    expectRejected(bytes, /tokenizer "tok-v1".*"tok-v2"/, { tokenizerVersion: 'tok-v2' });
  });

  it('loads into an existing model', () => {
    loadCheckpointInto(target, bytes, expected());
    expect(logitsOf(target)).toEqual(logitsOf(source));
  });
});
