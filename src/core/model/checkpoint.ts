import * as tf from '@tensorflow/tfjs';
import { DIGEST_PATTERN, nonFiniteProblem, tensorDigest } from './checkpoint-integrity';
import { configsEqual, paramCountOf, type ModelConfig, validateModelConfig } from './config';
import { Transformer } from './transformer';

/**
 * Checkpoint file layout (all integers little-endian):
 *   8 bytes  magic "AGONCKPT"
 *   u32      format version
 *   u32      header length in bytes
 *   header   UTF-8 JSON: CheckpointHeader
 *   weights  float32, tensors back to back in header order
 * Version 2 records each tensor's SHA-256 in the header; version 1 files (no checksums)
 * still load. Either way every weight must be finite.
 */
const MAGIC = 'AGONCKPT';
export const CHECKPOINT_VERSION = 2;
const UNCHECKSUMMED_VERSION = 1;
const PREAMBLE_BYTES = MAGIC.length + 8;

/** A refused checkpoint: `source` says where the bytes came from, `problem` what is wrong with them. */
export class CheckpointError extends Error {
  constructor(
    readonly source: string,
    readonly problem: string,
  ) {
    super(`${source}: ${problem}`);
    this.name = 'CheckpointError';
  }
}

interface TensorEntry {
  name: string;
  shape: number[];
  dtype: 'float32';
  /** SHA-256 of the tensor's bytes (version 2). */
  sha256?: string;
}

interface CheckpointHeader {
  config: ModelConfig;
  tokenizerVersion: string;
  tensors: TensorEntry[];
  extra: Record<string, unknown>;
}

export interface DecodedCheckpoint {
  version: number;
  config: ModelConfig;
  tokenizerVersion: string;
  extra: Record<string, unknown>;
  tensors: Map<string, Float32Array>;
  shapes: Map<string, number[]>;
}

type CheckpointMeta = { tokenizerVersion: string; extra?: Record<string, unknown> };

/** What a load expects, and where the bytes came from (a path, "saved run …"), for the messages. */
export interface LoadExpectation {
  tokenizerVersion: string;
  source: string;
}

export function encodeCheckpoint(model: Transformer, meta: CheckpointMeta): Uint8Array {
  return encodeValues(model, model.weights.map((w) => w.dataSync() as Float32Array), meta);
}

/**
 * The same bytes, read from the device asynchronously: on WebGPU a synchronous read goes
 * through a canvas and broke the device in a worker on SwiftShader (later reads failed with
 * "A valid external Instance reference no longer exists").
 */
export async function encodeCheckpointAsync(model: Transformer, meta: CheckpointMeta): Promise<Uint8Array> {
  const values = await Promise.all(model.weights.map(async (w) => (await w.data()) as Float32Array));
  return encodeValues(model, values, meta);
}

function littleEndianBytes(values: Float32Array): Uint8Array {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  values.forEach((x, i) => view.setFloat32(4 * i, x, true));
  return bytes;
}

function encodeValues(model: Transformer, values: Float32Array[], meta: CheckpointMeta): Uint8Array {
  const data = values.map(littleEndianBytes);
  const header: CheckpointHeader = {
    config: model.config,
    tokenizerVersion: meta.tokenizerVersion,
    tensors: model.weights.map((w, i) => ({ name: model.weightNames[i]!, shape: w.shape, dtype: 'float32', sha256: tensorDigest(data[i]!) })),
    extra: meta.extra ?? {},
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const bytes = new Uint8Array(PREAMBLE_BYTES + headerBytes.length + data.reduce((n, d) => n + d.length, 0));
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, CHECKPOINT_VERSION, true);
  view.setUint32(MAGIC.length + 4, headerBytes.length, true);
  bytes.set(headerBytes, PREAMBLE_BYTES);
  let offset = PREAMBLE_BYTES + headerBytes.length;
  for (const d of data) {
    bytes.set(d, offset);
    offset += d.length;
  }
  return bytes;
}

/**
 * Reads and checks a checkpoint: layout, header, each tensor's checksum (version 2) and
 * that every value is finite. Throws a CheckpointError naming `source` and the problem.
 */
export function decodeCheckpoint(bytes: Uint8Array, source: string): DecodedCheckpoint {
  const fail = (problem: string) => new CheckpointError(source, problem);
  if (bytes.length < PREAMBLE_BYTES || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) {
    throw fail('not an Agon checkpoint file (missing "AGONCKPT" signature).');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(MAGIC.length, true);
  if (version !== CHECKPOINT_VERSION && version !== UNCHECKSUMMED_VERSION) {
    throw fail(`unsupported checkpoint format version ${version} (this app reads versions ${UNCHECKSUMMED_VERSION} and ${CHECKPOINT_VERSION}).`);
  }
  const headerLength = view.getUint32(MAGIC.length + 4, true);
  if (PREAMBLE_BYTES + headerLength > bytes.length) throw fail('the file is truncated (header incomplete).');
  const header = parseHeader(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength), version === CHECKPOINT_VERSION, fail);
  const expectedBytes = PREAMBLE_BYTES + headerLength + 4 * header.tensors.reduce((n, t) => n + sizeOf(t.shape), 0);
  if (bytes.length < expectedBytes) throw fail(`the file is truncated (${bytes.length} of ${expectedBytes} bytes).`);
  if (bytes.length > expectedBytes) throw fail(`the file is corrupted (${bytes.length - expectedBytes} unexpected trailing bytes).`);
  const tensors = new Map<string, Float32Array>();
  const shapes = new Map<string, number[]>();
  let offset = PREAMBLE_BYTES + headerLength;
  for (const entry of header.tensors) {
    const size = sizeOf(entry.shape);
    const raw = bytes.subarray(offset, offset + 4 * size);
    if (entry.sha256 !== undefined && tensorDigest(raw) !== entry.sha256) {
      throw fail(`tensor "${entry.name}" does not match its checksum (its ${raw.length} bytes are damaged).`);
    }
    const data = new Float32Array(size);
    for (let i = 0; i < size; i++, offset += 4) data[i] = view.getFloat32(offset, true);
    const nonFinite = nonFiniteProblem(entry.name, data);
    if (nonFinite) throw fail(`${nonFinite}; a model cannot train or sample from such weights.`);
    tensors.set(entry.name, data);
    shapes.set(entry.name, entry.shape);
  }
  return { version, config: header.config, tokenizerVersion: header.tokenizerVersion, extra: header.extra, tensors, shapes };
}

/**
 * Loads a checkpoint into an existing model. Everything (checksums, finiteness, tokenizer
 * version, config, tensor names and shapes) is checked before any weight is assigned,
 * so on error the model is unchanged.
 */
export function loadCheckpointInto(model: Transformer, bytes: Uint8Array, expected: LoadExpectation): void {
  assignInto(model, decodeCheckpoint(bytes, expected.source), expected);
}

export function modelFromCheckpoint(bytes: Uint8Array, expected: LoadExpectation): Transformer {
  const ckpt = decodeCheckpoint(bytes, expected.source);
  // Checked before the model is built, so an edited config cannot make it build a huge one.
  const stored = [...ckpt.tensors.values()].reduce((n, t) => n + t.length, 0);
  if (paramCountOf(ckpt.config) !== stored) {
    throw new CheckpointError(expected.source, `the header is corrupted (its model config needs ${paramCountOf(ckpt.config)} weights, its tensors hold ${stored}).`);
  }
  const model = new Transformer(ckpt.config, 0);
  try {
    assignInto(model, ckpt, expected);
  } catch (err) {
    model.dispose();
    throw err;
  }
  return model;
}

function assignInto(model: Transformer, ckpt: DecodedCheckpoint, expected: LoadExpectation): void {
  const fail = (problem: string) => new CheckpointError(expected.source, problem);
  if (ckpt.tokenizerVersion !== expected.tokenizerVersion) {
    throw fail(`the checkpoint was trained with tokenizer "${ckpt.tokenizerVersion}", but this app uses "${expected.tokenizerVersion}".`);
  }
  if (!configsEqual(ckpt.config, model.config)) {
    throw fail(`the checkpoint's model shape ${JSON.stringify(ckpt.config)} does not match the model ${JSON.stringify(model.config)}.`);
  }
  const names = [...ckpt.tensors.keys()];
  if (names.length !== model.weightNames.length || model.weightNames.some((n) => !ckpt.tensors.has(n))) {
    throw fail(`the checkpoint's tensors [${names.join(', ')}] do not match the model's weights.`);
  }
  model.weights.forEach((w, i) => {
    const shape = ckpt.shapes.get(model.weightNames[i]!)!;
    if (shape.join() !== w.shape.join()) throw fail(`tensor "${model.weightNames[i]}" has shape [${shape.join(', ')}], expected [${w.shape.join(', ')}].`);
  });
  model.weights.forEach((w, i) => {
    const value = tf.tensor(ckpt.tensors.get(model.weightNames[i]!)!, w.shape);
    w.assign(value);
    value.dispose();
  });
}

/**
 * The bytes this checkpoint had in format 1, before checksums: what identifies a base pair
 * (base-pair.ts), so a pair rewritten with checksums keeps the id that saved runs, links and
 * recorded results name. Bytes that do not parse as a format 2 file come back as they are.
 */
export function formatOneBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.length < PREAMBLE_BYTES) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerEnd = PREAMBLE_BYTES + view.getUint32(MAGIC.length + 4, true);
  if (view.getUint32(MAGIC.length, true) !== CHECKPOINT_VERSION || headerEnd > bytes.length) return bytes;
  let header: CheckpointHeader;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(PREAMBLE_BYTES, headerEnd))) as CheckpointHeader;
    header.tensors.forEach((t) => delete t.sha256);
  } catch {
    return bytes;
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(PREAMBLE_BYTES + headerBytes.length + bytes.length - headerEnd);
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(0, MAGIC.length));
  outView.setUint32(MAGIC.length, UNCHECKSUMMED_VERSION, true);
  outView.setUint32(MAGIC.length + 4, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE_BYTES);
  out.set(bytes.subarray(headerEnd), PREAMBLE_BYTES + headerBytes.length);
  return out;
}

function sizeOf(shape: number[]): number {
  return shape.reduce((n, d) => n * d, 1);
}

/**
 * Parses and shape-checks the JSON header; any problem is reported as corruption. A checksummed
 * file needs a checksum on every tensor; any checksum present is verified, whatever the version.
 */
function parseHeader(raw: Uint8Array, checksummed: boolean, fail: (problem: string) => CheckpointError): CheckpointHeader {
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw fail('the header is corrupted (not valid JSON).');
  }
  const h = header as Partial<CheckpointHeader> | null;
  const ok =
    typeof h === 'object' &&
    h !== null &&
    typeof h.tokenizerVersion === 'string' &&
    typeof h.config === 'object' &&
    h.config !== null &&
    validateModelConfig(h.config).length === 0 &&
    typeof h.extra === 'object' &&
    h.extra !== null &&
    Array.isArray(h.tensors) &&
    h.tensors.every(
      (t: Partial<TensorEntry>) =>
        typeof t?.name === 'string' &&
        t.dtype === 'float32' &&
        Array.isArray(t.shape) &&
        t.shape.every((d) => Number.isInteger(d) && d > 0) &&
        (t.sha256 === undefined ? !checksummed : typeof t.sha256 === 'string' && DIGEST_PATTERN.test(t.sha256)),
    );
  if (!ok) throw fail(`the header is corrupted (missing or invalid fields${checksummed ? ', or a tensor without its checksum' : ''}).`);
  return h as CheckpointHeader;
}
