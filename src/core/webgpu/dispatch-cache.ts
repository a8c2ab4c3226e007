/**
 * Keeps, across dispatches, what tfjs makes afresh for every one: the uniform buffer (written
 * once per distinct set of values) and the bind group (made once per distinct set of bound
 * buffers). At fixed shapes a training step repeats its uniforms exactly, and its bind groups as
 * far as tfjs's buffer pool hands the same buffers back. A first step toward a recorded training
 * step; off by default (setDispatchCache), and only for runMultiOutput's dispatches so far.
 *
 * Safe because tfjs never destroys a storage buffer while its device lives (its pool keeps
 * released ones for reuse; only staging buffers, never bound here, are destroyed), and a key
 * names every buffer, offset and size bound.
 */
import type { Uniform } from './program';

let enabled = false;

/** Switches the cache on or off (off: every dispatch writes its uniforms and makes its bind group, as tfjs does). */
export function setDispatchCache(on: boolean): void {
  enabled = on;
}

export function dispatchCacheEnabled(): boolean {
  return enabled;
}

/**
 * Entries kept per device at most: past it a cache starts again, for values that never repeat
 * (Adam's bias corrections change every step). Dropping an entry destroys nothing: a bind group
 * or a recorded dispatch still holding a buffer keeps it alive.
 */
const MAX_ENTRIES = 4096;

const uniformBuffers = new WeakMap<GPUDevice, Map<string, GPUBufferBinding>>();
const bindGroups = new WeakMap<GPUDevice, Map<string, GPUBindGroup>>();
const bufferIds = new WeakMap<GPUBuffer, number>();
let nextBufferId = 0;

function cacheOf<V>(caches: WeakMap<GPUDevice, Map<string, V>>, device: GPUDevice): Map<string, V> {
  let cache = caches.get(device);
  if (!cache) caches.set(device, (cache = new Map()));
  return cache;
}

/**
 * A uniform buffer holding `uniforms` as a struct of 4-byte scalars in order (as tfjs's
 * makeUniforms lays them out), written once and never again: a dispatch recorded but not yet
 * submitted may still read it, so new values take a new buffer.
 */
export function cachedUniforms(device: GPUDevice, uniforms: Uniform[]): GPUBufferBinding {
  const cache = cacheOf(uniformBuffers, device);
  const key = uniforms.map((u) => `${u.type}:${u.value}`).join(',');
  let binding = cache.get(key);
  if (!binding) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const data = new ArrayBuffer(4 * uniforms.length);
    uniforms.forEach((u, i) => (u.type === 'i32' ? new Int32Array(data, 4 * i, 1) : new Float32Array(data, 4 * i, 1)).set([u.value]));
    const buffer = device.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, data);
    cache.set(key, (binding = { buffer, offset: 0, size: data.byteLength }));
  }
  return binding;
}

function bufferId(buffer: GPUBuffer): number {
  let id = bufferIds.get(buffer);
  if (id === undefined) bufferIds.set(buffer, (id = nextBufferId++));
  return id;
}

/** The bind group of `pipeline` (named by `key`) over these buffer bindings, made once. */
export function cachedBindGroup(device: GPUDevice, key: string, pipeline: GPUComputePipeline, bindings: GPUBufferBinding[]): GPUBindGroup {
  const cache = cacheOf(bindGroups, device);
  const full = `${key}|${bindings.map((b) => `${bufferId(b.buffer)}@${b.offset ?? 0}+${b.size ?? ''}`).join(',')}`;
  let group = cache.get(full);
  if (!group) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: bindings.map((resource, binding) => ({ binding, resource })) });
    cache.set(full, group);
  }
  return group;
}
