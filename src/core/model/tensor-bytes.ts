/**
 * Named tensors (an optimizer's state) as bytes and back, so a run's optimizer can be
 * saved beside its checkpoint. Layout: u32 header length, UTF-8 JSON header
 * [{ name, shape, dtype }], then every tensor's values as float32, back to back
 * (int32 values such as Adam's step count are exact in float32 far past any run length).
 */
import * as tf from '@tensorflow/tfjs';

/** What an optimizer's getWeights gives and its setWeights takes. */
export interface NamedTensor {
  name: string;
  tensor: tf.Tensor;
}

interface Entry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
}

export async function encodeNamedTensors(named: readonly NamedTensor[]): Promise<Uint8Array> {
  const entries: Entry[] = named.map(({ name, tensor }) => ({ name, shape: tensor.shape, dtype: tensor.dtype === 'int32' ? 'int32' : 'float32' }));
  const values = await Promise.all(named.map(({ tensor }) => tensor.data()));
  const header = new TextEncoder().encode(JSON.stringify(entries));
  const count = values.reduce((n, v) => n + v.length, 0);
  const bytes = new Uint8Array(4 + header.length + 4 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, header.length, true);
  bytes.set(header, 4);
  let offset = 4 + header.length;
  for (const v of values) {
    for (const x of v) {
      view.setFloat32(offset, Number(x), true);
      offset += 4;
    }
  }
  return bytes;
}

/** The tensors are new: the caller disposes them. Throws on bytes that do not hold what their header says. */
export function decodeNamedTensors(bytes: Uint8Array): NamedTensor[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const entries = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as Entry[];
  let offset = 4 + headerLength;
  return entries.map(({ name, shape, dtype }) => {
    const size = shape.reduce((n, d) => n * d, 1);
    if (offset + 4 * size > bytes.length) throw new Error(`optimizer state is truncated at "${name}"`);
    const values = new Float32Array(size);
    for (let i = 0; i < size; i++, offset += 4) values[i] = view.getFloat32(offset, true);
    return { name, tensor: tf.tensor(dtype === 'int32' ? Int32Array.from(values) : values, shape, dtype) };
  });
}
