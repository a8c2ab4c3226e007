import * as tf from '@tensorflow/tfjs';
import { configsEqual, type ModelConfig, validateModelConfig } from './config';
import { Transformer } from './transformer';

/**
 * Checkpoint file layout (all integers little-endian):
 *   8 bytes  magic "AGONCKPT"
 *   u32      format version
 *   u32      header length in bytes
 *   header   UTF-8 JSON: CheckpointHeader
 *   weights  float32, tensors back to back in header order
 */
const MAGIC = 'AGONCKPT';
export const CHECKPOINT_VERSION = 1;
const PREAMBLE_BYTES = MAGIC.length + 8;

export class CheckpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckpointError';
  }
}

interface TensorEntry {
  name: string;
  shape: number[];
  dtype: 'float32';
}

interface CheckpointHeader {
  config: ModelConfig;
  tokenizerVersion: string;
  tensors: TensorEntry[];
  extra: Record<string, unknown>;
}

export interface DecodedCheckpoint {
  config: ModelConfig;
  tokenizerVersion: string;
  extra: Record<string, unknown>;
  tensors: Map<string, Float32Array>;
}

type CheckpointMeta = { tokenizerVersion: string; extra?: Record<string, unknown> };

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

function encodeValues(model: Transformer, values: Float32Array[], meta: CheckpointMeta): Uint8Array {
  const header: CheckpointHeader = {
    config: model.config,
    tokenizerVersion: meta.tokenizerVersion,
    tensors: model.weights.map((w, i) => ({ name: model.weightNames[i]!, shape: w.shape, dtype: 'float32' })),
    extra: meta.extra ?? {},
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const weightCount = values.reduce((n, v) => n + v.length, 0);
  const bytes = new Uint8Array(PREAMBLE_BYTES + headerBytes.length + 4 * weightCount);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, CHECKPOINT_VERSION, true);
  view.setUint32(MAGIC.length + 4, headerBytes.length, true);
  bytes.set(headerBytes, PREAMBLE_BYTES);
  let offset = PREAMBLE_BYTES + headerBytes.length;
  for (const v of values) {
    for (const x of v) {
      view.setFloat32(offset, x, true);
      offset += 4;
    }
  }
  return bytes;
}

export function decodeCheckpoint(bytes: Uint8Array): DecodedCheckpoint {
  if (bytes.length < PREAMBLE_BYTES || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) {
    throw new CheckpointError('Not an Agon checkpoint file (missing "AGONCKPT" signature).');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(MAGIC.length, true);
  if (version !== CHECKPOINT_VERSION) {
    throw new CheckpointError(`Unsupported checkpoint format version ${version} (this app reads version ${CHECKPOINT_VERSION}).`);
  }
  const headerLength = view.getUint32(MAGIC.length + 4, true);
  if (PREAMBLE_BYTES + headerLength > bytes.length) {
    throw new CheckpointError('Checkpoint file is truncated (header incomplete).');
  }
  const header = parseHeader(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength));
  const expectedBytes = PREAMBLE_BYTES + headerLength + 4 * header.tensors.reduce((n, t) => n + sizeOf(t.shape), 0);
  if (bytes.length < expectedBytes) {
    throw new CheckpointError(`Checkpoint file is truncated (${bytes.length} of ${expectedBytes} bytes).`);
  }
  if (bytes.length > expectedBytes) {
    throw new CheckpointError(`Checkpoint file is corrupted (${bytes.length - expectedBytes} unexpected trailing bytes).`);
  }
  const tensors = new Map<string, Float32Array>();
  let offset = PREAMBLE_BYTES + headerLength;
  for (const entry of header.tensors) {
    const data = new Float32Array(sizeOf(entry.shape));
    for (let i = 0; i < data.length; i++, offset += 4) data[i] = view.getFloat32(offset, true);
    tensors.set(entry.name, data);
  }
  return { config: header.config, tokenizerVersion: header.tokenizerVersion, extra: header.extra, tensors };
}

/**
 * Loads a checkpoint into an existing model. Everything (tokenizer version,
 * config, tensor names and shapes) is checked before any weight is assigned,
 * so on error the model is unchanged.
 */
export function loadCheckpointInto(model: Transformer, bytes: Uint8Array, expected: { tokenizerVersion: string }): void {
  const ckpt = decodeCheckpoint(bytes);
  if (ckpt.tokenizerVersion !== expected.tokenizerVersion) {
    throw new CheckpointError(
      `Checkpoint was trained with tokenizer "${ckpt.tokenizerVersion}", but this app uses "${expected.tokenizerVersion}".`,
    );
  }
  if (!configsEqual(ckpt.config, model.config)) {
    throw new CheckpointError(
      `Checkpoint model shape ${JSON.stringify(ckpt.config)} does not match the model ${JSON.stringify(model.config)}.`,
    );
  }
  const names = [...ckpt.tensors.keys()];
  if (names.length !== model.weightNames.length || model.weightNames.some((n) => !ckpt.tensors.has(n))) {
    throw new CheckpointError(`Checkpoint tensors [${names.join(', ')}] do not match the model's weights.`);
  }
  model.weights.forEach((w, i) => {
    const data = ckpt.tensors.get(model.weightNames[i]!)!;
    if (data.length !== w.size) {
      throw new CheckpointError(`Checkpoint tensor ${model.weightNames[i]} has ${data.length} values, expected ${w.size}.`);
    }
  });
  model.weights.forEach((w, i) => {
    const value = tf.tensor(ckpt.tensors.get(model.weightNames[i]!)!, w.shape);
    w.assign(value);
    value.dispose();
  });
}

export function modelFromCheckpoint(bytes: Uint8Array, expectedTokenizerVersion: string): Transformer {
  const { config } = decodeCheckpoint(bytes);
  const model = new Transformer(config, 0);
  try {
    loadCheckpointInto(model, bytes, { tokenizerVersion: expectedTokenizerVersion });
  } catch (err) {
    model.dispose();
    throw err;
  }
  return model;
}

function sizeOf(shape: number[]): number {
  return shape.reduce((n, d) => n * d, 1);
}

/** Parses and shape-checks the JSON header; any problem is reported as corruption. */
function parseHeader(raw: Uint8Array): CheckpointHeader {
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new CheckpointError('Checkpoint header is corrupted (not valid JSON).');
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
        t.shape.every((d) => Number.isInteger(d) && d > 0),
    );
  if (!ok) throw new CheckpointError('Checkpoint header is corrupted (missing or invalid fields).');
  return h as CheckpointHeader;
}
