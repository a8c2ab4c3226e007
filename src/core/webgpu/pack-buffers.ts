/**
 * Several float32 tensors copied end to end into one fresh buffer, by buffer-to-buffer copies
 * recorded into tfjs's command encoder (no dispatch). Why: a shader binds at most 8 storage
 * buffers on every adapter, and a kernel that reads a whole model's weights needs them as one.
 */
import type { TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';

/** What packing needs of tfjs-backend-webgpu 4.22's internals (as program.ts's runMultiOutput). */
type Internals = {
  commandEncoder: GPUCommandEncoder | null;
  commandQueueOwnedIds: WeakSet<object>;
  tensorMap: { get(id: object): { resource: unknown } };
  uploadToGPU(id: object): void;
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  makeTensorInfo(shape: number[], dtype: 'float32'): TensorInfo;
};

/** The offset (in floats) of each tensor in the packed buffer, and the total. */
export function packedOffsets(sizes: number[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let total = 0;
  for (const size of sizes) {
    offsets.push(total);
    total += size;
  }
  return { offsets, total };
}

/** A fresh float32 tensor [total] holding `tensors` in order (the caller disposes it with backend.disposeData). */
export function packTensors(backend: WebGPUBackend, tensors: TensorInfo[]): TensorInfo {
  const gpu = backend as unknown as Internals;
  const sizes = tensors.map((t) => t.shape.reduce((a, b) => a * b, 1));
  const { offsets, total } = packedOffsets(sizes);
  const packed = gpu.makeTensorInfo([total], 'float32');
  gpu.uploadToGPU(packed.dataId);
  gpu.ensureCommandEncoderReady();
  // Copies are recorded outside a compute pass.
  gpu.endComputePassEncoder();
  const target = gpu.tensorMap.get(packed.dataId).resource as GPUBuffer;
  tensors.forEach((t, i) => {
    if (t.dtype !== 'float32') throw new Error(`packTensors: ${t.dtype} tensor, float32 only`);
    gpu.uploadToGPU(t.dataId);
    // Kept alive until the queue is submitted, as tfjs does for a dispatch's inputs.
    gpu.commandQueueOwnedIds.add(t.dataId);
    gpu.commandEncoder!.copyBufferToBuffer(gpu.tensorMap.get(t.dataId).resource as GPUBuffer, 0, target, offsets[i]! * 4, sizes[i]! * 4);
  });
  gpu.commandQueueOwnedIds.add(packed.dataId);
  return packed;
}
