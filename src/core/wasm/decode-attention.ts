/**
 * A decoding step's attention as kernels of tfjs-backend-wasm: AgonDecodeAttention
 * (the new token's attention, [B, D]) and AgonAppendKV (the fused WebGPU kernel's name and
 * contract, ../webgpu/decode.ts), so a rollout keeps its keys and values in one preallocated
 * cache per layer [2, Lmax, C, dHead] and appends in place.
 *
 * Why: the plain ops spend a token's attention in a dozen kernels (products, a sum, transposes,
 * a softmax, a depthwise convolution) and copy the whole cache twice a layer to append one
 * slot. Here the scores and the mix are loops in WebAssembly SIMD over the cache where
 * it lies (decode-attention.wat, run on the backend's own memory, no copies), with the
 * backend's Softmax between them.
 */
import * as tf from '@tensorflow/tfjs';
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { APPEND_KV, DECODE_ATTENTION } from '../webgpu/decode';
import type { ModelConfig } from '../model/config';
import { PLAIN_MEMORY_MODULE, SHARED_MEMORY_MODULE } from './decode-attention-binary';

interface AttentionExports {
  scores(qkv: number, cache: number, pad: number, out: number, B: number, H: number, D: number, dh: number, lmax: number, len: number, scale: number): void;
  mix(p: number, qkv: number, cache: number, out: number, B: number, H: number, D: number, dh: number, lmax: number, len: number): void;
  append(qkv: number, cache: number, B: number, D: number, lmax: number, len: number): void;
}

/** The Emscripten module behind the backend: its memory is exported (plain) or shared with its threads. */
interface EmscriptenMemory {
  wasmMemory?: WebAssembly.Memory;
  asm?: { memory?: WebAssembly.Memory };
}

const instances = new WeakMap<BackendWasm, AttentionExports | null>();

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const bytes = atob(text);
  return Uint8Array.from(bytes, (ch) => ch.charCodeAt(0));
}

/**
 * The kernels' module on a memory, or null where it cannot run there: an engine without
 * WebAssembly SIMD (tfjs then runs its own non-SIMD build), or bytes that do not compile.
 */
export function instantiateOn(memory: WebAssembly.Memory, module = decodeBase64(memory.buffer instanceof ArrayBuffer ? PLAIN_MEMORY_MODULE : SHARED_MEMORY_MODULE)): AttentionExports | null {
  try {
    return new WebAssembly.Instance(new WebAssembly.Module(module), { env: { memory } }).exports as unknown as AttentionExports;
  } catch {
    return null;
  }
}

/** The kernels' module, instantiated once per backend on that backend's memory (null: the plain ops decode). */
function exportsFor(backend: BackendWasm): AttentionExports | null {
  if (instances.has(backend)) return instances.get(backend)!;
  const module = backend.wasm as unknown as EmscriptenMemory;
  const memory = module.wasmMemory ?? module.asm?.memory;
  const exported = memory ? instantiateOn(memory) : null;
  instances.set(backend, exported);
  return exported;
}

/** The kernels of a backend wasmDecodeKernelsActive accepted. */
function kernelsOf(backend: BackendWasm): AttentionExports {
  const exported = exportsFor(backend);
  if (!exported) throw new Error('wasm decode attention: the kernels do not run on this wasm backend');
  return exported;
}

/** Byte offset of a tensor's values in the backend's memory. */
function at(backend: BackendWasm, t: TensorInfo): number {
  return backend.dataIdMap.get(t.dataId)!.memoryOffset;
}

function shapes(qkv: TensorInfo, cache: TensorInfo, heads: number) {
  const [B, threeD] = qkv.shape as [number, number];
  const [, lmax, C, dh] = cache.shape as [number, number, number, number];
  if (dh % 4 !== 0) throw new Error(`wasm decode attention: dHead ${dh} is not a multiple of 4`);
  return { B, D: threeD / 3, lmax, C, dh, H: heads };
}

/**
 * Inputs: qkv [B, 3D], cache [2, Lmax, C, dHead], padding [B, Lmax] (additive); attrs heads,
 * len (cached slots before the new token). Output [B, D]: the attention of the new token.
 */
const decodeAttentionConfig: KernelConfig = {
  kernelName: DECODE_ATTENTION,
  backendName: 'wasm',
  kernelFunc: ({ inputs, backend: b, attrs }) => {
    const { qkv, cache, padding } = inputs as Record<string, TensorInfo>;
    const { heads, len } = attrs as unknown as { heads: number; len: number };
    const backend = b as BackendWasm;
    const kernels = kernelsOf(backend);
    const { B, D, lmax, C, dh, H } = shapes(qkv!, cache!, heads);
    const scores = backend.makeOutput([C, len + 1], 'float32');
    kernels.scores(at(backend, qkv!), at(backend, cache!), at(backend, padding!), at(backend, scores), B, H, D, dh, lmax, len, 1 / Math.sqrt(dh));
    const softmax = tf.getKernel('Softmax', 'wasm')!.kernelFunc({ inputs: { logits: scores }, backend, attrs: { dim: 1 } }) as TensorInfo;
    backend.disposeData(scores.dataId);
    const out = backend.makeOutput([B, D], 'float32');
    kernels.mix(at(backend, softmax), at(backend, qkv!), at(backend, cache!), at(backend, out), B, H, D, dh, lmax, len);
    backend.disposeData(softmax.dataId);
    return out;
  },
};

/** Inputs: qkv [B, 3D], cache [2, Lmax, C, dHead]; attrs heads, len. Output: the cache with slot len filled, in place. */
const appendKVConfig: KernelConfig = {
  kernelName: APPEND_KV,
  backendName: 'wasm',
  kernelFunc: ({ inputs, backend: b, attrs }) => {
    const { qkv, cache } = inputs as Record<string, TensorInfo>;
    const { heads, len } = attrs as unknown as { heads: number; len: number };
    const backend = b as BackendWasm;
    const { B, D, lmax } = shapes(qkv!, cache!, heads);
    kernelsOf(backend).append(at(backend, qkv!), at(backend, cache!), B, D, lmax, len);
    // As Reshape does: the same buffer under a new handle; the caller disposes the old one.
    backend.incRef(cache!.dataId);
    return { dataId: cache!.dataId, shape: cache!.shape, dtype: cache!.dtype };
  },
};

// Registered on import (a registration for a backend not in use is inert), so every path
// that samples on wasm takes them, however it chose the backend: the worker, the CLI, tests.
for (const config of [decodeAttentionConfig, appendKVConfig]) {
  if (!tf.getKernel(config.kernelName, config.backendName)) tf.registerKernel(config);
}

/**
 * Whether sampling a model of this shape takes these kernels now: wasm is current, its module
 * runs there, and dHead fits the f32x4 loops.
 */
export function wasmDecodeKernelsActive(config: ModelConfig): boolean {
  return tf.getBackend() === 'wasm' && (config.dModel / config.nHeads) % 4 === 0 && exportsFor(tf.backend() as BackendWasm) !== null;
}
