/**
 * An Adam optimizer's state as bytes and back, so training can pick up where a run was
 * cut and go on exactly as if it had not been: the moments and the step count through
 * tfjs's getWeights / setWeights, and the bias-correction terms as described below.
 */
import * as tf from '@tensorflow/tfjs';
import { decodeNamedTensors, encodeNamedTensors } from '../model/tensor-bytes';

export async function saveOptimizer(optimizer: tf.Optimizer): Promise<Uint8Array> {
  const weights = await optimizer.getWeights();
  try {
    return await encodeNamedTensors(weights);
  } finally {
    // getWeights makes a new scalar for the step count each call; the rest are the optimizer's own variables.
    for (const { name, tensor } of weights) if (name === 'iter') tensor.dispose();
  }
}

/** Adam's private bias-correction terms (tfjs 4.22: accBeta1 = beta1^(t+1), likewise accBeta2). */
interface AdamInternals {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
  beta1: number;
  beta2: number;
}

/**
 * setWeights recomputes Adam's bias-correction terms with pow(), while its updates build
 * them by repeated float32 multiplication; the two differ in the last digits, enough to
 * change a later loss. They are rebuilt here the way the updates build them, so a
 * continued run is identical to an uninterrupted one (resume.test.ts checks it).
 */
function rebuildBiasCorrection(optimizer: tf.Optimizer): void {
  if (!(optimizer instanceof tf.AdamOptimizer)) return;
  const adam = optimizer as unknown as AdamInternals;
  tf.tidy(() => {
    let b1 = tf.scalar(adam.beta1);
    let b2 = tf.scalar(adam.beta2);
    for (let t = 0; t < optimizer.iterations; t++) {
      b1 = tf.mul(b1, adam.beta1);
      b2 = tf.mul(b2, adam.beta2);
    }
    adam.accBeta1.assign(b1);
    adam.accBeta2.assign(b2);
  });
}

export async function restoreOptimizer(optimizer: tf.Optimizer, bytes: Uint8Array): Promise<void> {
  const named = decodeNamedTensors(bytes);
  await optimizer.setWeights(named);
  // setWeights made its own variables from these.
  for (const { tensor } of named) tensor.dispose();
  rebuildBiasCorrection(optimizer);
}
