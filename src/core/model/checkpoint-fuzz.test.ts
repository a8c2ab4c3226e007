/**
 * A shipped checkpoint against seeded corruption (truncation, bit flips, byte runs, header
 * edits, random bytes): what loads has finite weights (and, when checksummed, the original
 * ones), every refusal is a CheckpointError with a message, and no load takes long.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENIZER_VERSION } from '../tokenizer/tokenizer';
import { CHECKPOINT_VERSION, CheckpointError, formatOneBytes, modelFromCheckpoint } from './checkpoint';
import { tensorDigest } from './checkpoint-integrity';
import { useWasmBackend, weightsOffset, withEditedHeader } from './testing';
import type { Transformer } from './transformer';

const FILE = 'public/checkpoints/math-a.ckpt';
const CASES = 400;
const SEED = 20261205;
/** A bound that catches a hang or a huge model built from an edited header, not a timing benchmark. */
const MAX_LOAD_MS = 1000;

type Header = { config: Record<string, unknown>; tensors: Record<string, unknown>[]; extra: Record<string, unknown>; [k: string]: unknown };

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), keep: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ kind: fc.constant('bit flips' as const), flips: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), bit: fc.integer({ min: 0, max: 7 }) }), { minLength: 1, maxLength: 8 }), inWeights: fc.boolean() }),
  fc.record({ kind: fc.constant('byte run' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), length: fc.integer({ min: 1, max: 256 }), byte: fc.constantFrom(0xff, 0x00, 0x7f, 0x80, 0xaa), inWeights: fc.boolean() }),
  fc.record({
    kind: fc.constant('header edit' as const),
    field: fc.constantFrom('config', 'shape', 'name', 'checksum', 'drop checksum', 'tokenizer', 'extra', 'tensors'),
    value: fc.integer({ min: -5, max: 1 << 20 }),
    index: fc.nat(),
  }),
  fc.record({ kind: fc.constant('preamble' as const), field: fc.constantFrom(8, 12), value: fc.integer({ min: 0, max: 0xffffffff }) }),
  // A weight set to `value` with its tensor's checksum fixed up to match: only the finiteness check stands.
  fc.record({ kind: fc.constant('rehashed weight' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), value: fc.oneof(fc.constantFrom(Number.NaN, Infinity, -Infinity), fc.float({ noDefaultInfinity: true, noNaN: true })) }),
  // The file in format 1 (no checksums) with a byte run in its weights: again only the finiteness check stands.
  fc.record({ kind: fc.constant('format 1 byte run' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), length: fc.integer({ min: 1, max: 64 }), byte: fc.constantFrom(0xff, 0x7f, 0x80, 0x3f) }),
  fc.record({ kind: fc.constant('random bytes' as const), bytes: fc.uint8Array({ maxLength: 4096 }), withMagic: fc.boolean() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function editHeader(h: Header, m: Extract<Mutation, { kind: 'header edit' }>): void {
  const tensor = h.tensors[m.index % h.tensors.length]!;
  const keys = ['vocabSize', 'dModel', 'nLayers', 'nHeads', 'dFF', 'maxLen'];
  if (m.field === 'config') h.config[keys[m.index % keys.length]!] = m.value;
  if (m.field === 'shape') (tensor.shape as number[])[m.index % (tensor.shape as number[]).length] = m.value;
  if (m.field === 'name') tensor.name = `${String(tensor.name)}${m.value}`;
  if (m.field === 'checksum') tensor.sha256 = (m.value >>> 0).toString(16).padStart(8, '0').repeat(8);
  if (m.field === 'drop checksum') delete tensor.sha256;
  if (m.field === 'tokenizer') h.tokenizerVersion = `char-v${m.value}`;
  if (m.field === 'extra') h.extra = { ...h.extra, step: m.value };
  if (m.field === 'tensors') h.tensors.splice(m.index % h.tensors.length, 1);
}

function rehashedWeight(original: Uint8Array, at: number, value: number): Uint8Array {
  const bytes = original.slice();
  const start = weightsOffset(bytes);
  const offset = start + 4 * Math.floor((at * (bytes.length - start)) / 4);
  new DataView(bytes.buffer).setFloat32(offset, value, true);
  return withEditedHeader(bytes, (h) => {
    let end = start;
    for (const t of (h as Header).tensors) {
      const begin = end;
      end += 4 * (t.shape as number[]).reduce((n, d) => n * d, 1);
      if (offset < end) {
        t.sha256 = tensorDigest(bytes.subarray(begin, end));
        return;
      }
    }
  });
}

/** The mutated copy, and whether the change lies only in the weights (which the checksums cover). */
function mutate(original: Uint8Array, m: Mutation): { bytes: Uint8Array; weightsOnly: boolean } {
  const start = weightsOffset(original);
  const position = (at: number, inWeights: boolean) => (inWeights ? start + Math.floor(at * (original.length - start)) : Math.floor(at * original.length));
  switch (m.kind) {
    case 'truncate':
      return { bytes: original.slice(0, Math.floor(m.keep * original.length)), weightsOnly: false };
    case 'bit flips': {
      const bytes = original.slice();
      for (const f of m.flips) {
        const at = position(f.at, m.inWeights);
        bytes[at] = bytes[at]! ^ (1 << f.bit);
      }
      return { bytes, weightsOnly: m.inWeights };
    }
    case 'byte run': {
      const bytes = original.slice();
      const at = position(m.at, m.inWeights);
      bytes.fill(m.byte, at, Math.min(at + m.length, bytes.length));
      return { bytes, weightsOnly: m.inWeights };
    }
    case 'header edit':
      return { bytes: withEditedHeader(original, (h) => editHeader(h as Header, m)), weightsOnly: false };
    case 'preamble': {
      const bytes = original.slice();
      new DataView(bytes.buffer).setUint32(m.field, m.value, true);
      return { bytes, weightsOnly: false };
    }
    case 'rehashed weight':
      return { bytes: rehashedWeight(original, m.at, m.value), weightsOnly: false };
    case 'format 1 byte run': {
      const bytes = formatOneBytes(original).slice();
      const at = weightsOffset(bytes) + Math.floor(m.at * (bytes.length - weightsOffset(bytes)));
      bytes.fill(m.byte, at, Math.min(at + m.length, bytes.length));
      return { bytes, weightsOnly: false };
    }
    case 'random bytes': {
      const bytes = m.withMagic ? new Uint8Array([...new TextEncoder().encode('AGONCKPT'), ...m.bytes]) : m.bytes;
      return { bytes, weightsOnly: false };
    }
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

let original: Uint8Array;
let reference: Transformer;
const weightsOf = (model: Transformer) => model.weights.map((w) => w.dataSync() as Float32Array);

beforeAll(async () => {
  await useWasmBackend();
  original = new Uint8Array(readFileSync(FILE));
  reference = modelFromCheckpoint(original, { tokenizerVersion: TOKENIZER_VERSION, source: FILE });
});
afterAll(() => reference.dispose());

describe('a shipped checkpoint under seeded corruption', () => {
  it(`refuses or loads finite weights for ${CASES} mutated copies, each with a message and within ${MAX_LOAD_MS} ms`, () => {
    const counts = { loaded: 0, refused: 0, unchanged: 0, nonFiniteRefused: 0 };
    let slowest = 0;
    const problems = new Set<string>();
    const expectedWeights = weightsOf(reference);
    fc.sample(mutation, { seed: SEED, numRuns: CASES }).forEach((m, i) => {
      const { bytes, weightsOnly } = mutate(original, m);
      const label = `case ${i} (${m.kind})`;
      if (sameBytes(bytes, original)) {
        counts.unchanged++;
        return;
      }
      const source = `fuzzed copy ${i} of ${FILE}`;
      const started = performance.now();
      let model: Transformer | null = null;
      try {
        model = modelFromCheckpoint(bytes, { tokenizerVersion: TOKENIZER_VERSION, source });
      } catch (e) {
        expect(e, label).toBeInstanceOf(CheckpointError);
        const error = e as CheckpointError;
        expect(error.source, label).toBe(source);
        expect(error.problem.trim().length, label).toBeGreaterThan(0);
        expect(error.message.startsWith(`${source}: `), label).toBe(true);
        if (/holds (NaN|-?Infinity)/.test(error.problem)) counts.nonFiniteRefused++;
        problems.add(error.problem.replace(/[\d.]+|"[^"]*"|\{.*\}|\[.*\]/g, '…'));
        counts.refused++;
      } finally {
        slowest = Math.max(slowest, performance.now() - started);
      }
      if (!model) return;
      counts.loaded++;
      const weights = weightsOf(model);
      model.dispose();
      // A change to the weights alone is always caught: each tensor's checksum covers its bytes.
      expect(weightsOnly, `${label} changed the weights and still loaded`).toBe(false);
      expect(weights.every((w) => w.every(Number.isFinite)), `${label} loaded non-finite weights`).toBe(true);
      const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
      if (version === CHECKPOINT_VERSION && m.kind !== 'rehashed weight') expect(weights, `${label} loaded other weights`).toEqual(expectedWeights);
    });
    expect(slowest).toBeLessThan(MAX_LOAD_MS);
    // The seeded sample exercises refusal, and the header edits that keep a file valid (its extra field) still load.
    expect(counts.refused).toBeGreaterThan(CASES / 2);
    expect(counts.loaded).toBeGreaterThan(0);
    expect(counts.nonFiniteRefused).toBeGreaterThan(0);
    expect(problems.size).toBeGreaterThan(5);
  }, 600_000);
});
