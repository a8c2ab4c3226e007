/**
 * An optimizer's state as bytes and back, so training can pick up where a run was cut and
 * go on exactly as if it had not been (resume.test.ts). The layout is tf.train.adam's
 * (step count, first moments, second moments, one tensor per weight), which runs saved
 * before FlatAdam also have.
 */
import type { FlatAdam } from '../model/flat-adam';
import { decodeNamedTensors, encodeNamedTensors } from '../model/tensor-bytes';

export async function saveOptimizer(optimizer: FlatAdam): Promise<Uint8Array> {
  const weights = await optimizer.getWeights();
  try {
    return await encodeNamedTensors(weights);
  } finally {
    for (const { tensor } of weights) tensor.dispose();
  }
}

export async function restoreOptimizer(optimizer: FlatAdam, bytes: Uint8Array): Promise<void> {
  const named = decodeNamedTensors(bytes);
  try {
    await optimizer.setWeights(named);
  } finally {
    for (const { tensor } of named) tensor.dispose();
  }
}
