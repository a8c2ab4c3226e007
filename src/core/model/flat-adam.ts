/**
 * Adam over one flat buffer: the gradients of every weight are concatenated, both moments
 * live in one flat variable each, and a single pass updates them; the update is then split
 * back onto the weights. Why: tf.train.adam runs ~18 kernels per weight tensor (~520 a
 * step for this model), which costs more than the arithmetic on wasm and is a dispatch
 * each on WebGPU; this runs ~15 plus a reshape and an add per weight.
 *
 * The arithmetic is tf.train.adam's (tfjs 4.22) op for op, including its float32
 * bias-correction terms, so the weights it produces are bit-identical (flat-adam.test.ts).
 * Its state reads and writes in tf.train.adam's layout: the step count, then each weight's
 * first moment, then each weight's second moment.
 *
 * On WebGPU with the fused kernels (../webgpu/adam.ts) the whole update is one kernel.
 * Both paths keep the moments in one flat variable [2N]: first moments, then second.
 */
import * as tf from '@tensorflow/tfjs';
import { ADAM, fusedKernelsActive, type AdamAttrs } from '../webgpu';

type NamedTensor = { name: string; tensor: tf.Tensor };

export class FlatAdam extends tf.Optimizer {
  static readonly className = 'FlatAdam';
  private moments: tf.Variable | null = null;
  private shapes: number[][] = [];
  /** beta^(t+1) as tf.train.adam keeps it: a float32 multiplied by beta every step. */
  private accBeta1: number;
  private accBeta2: number;

  constructor(
    readonly learningRate: number,
    readonly beta1 = 0.9,
    readonly beta2 = 0.999,
    readonly epsilon = tf.backend().epsilon(),
  ) {
    super();
    this.accBeta1 = Math.fround(beta1);
    this.accBeta2 = Math.fround(beta2);
  }

  applyGradients(variableGradients: tf.NamedTensorMap | NamedTensor[]): void {
    const named = Array.isArray(variableGradients) ? variableGradients : Object.entries(variableGradients).map(([name, tensor]) => ({ name, tensor }));
    const variables = named.map(({ name }) => tf.engine().registeredVariables[name]!);
    this.prepare(variables);
    tf.tidy(() => (fusedKernelsActive() ? this.applyFused(named, variables) : this.applyPlain(named, variables)));
    this.advance();
  }

  /** Makes the moments of these weights if there are none yet (before a recorded step, which must find them). */
  prepare(variables: tf.Variable[]): void {
    if (!this.moments) this.init(variables.map((w) => w.shape));
  }

  /** This step's bias corrections, 1 - beta1^t and 1 - beta2^t, as float32 (tf.train.adam computes them so). */
  corrections(): { correction1: number; correction2: number } {
    return { correction1: Math.fround(1 - this.accBeta1), correction2: Math.fround(1 - this.accBeta2) };
  }

  /** Counts a step: what applyGradients does after its update, and a replayed step instead of it. */
  advance(): void {
    this.accBeta1 = Math.fround(this.accBeta1 * Math.fround(this.beta1));
    this.accBeta2 = Math.fround(this.accBeta2 * Math.fround(this.beta2));
    this.incrementIterations();
  }

  private applyPlain(named: NamedTensor[], variables: tf.Variable[]): void {
    const grad = tf.concat(named.map(({ tensor }) => tf.reshape(tensor, [-1])));
    const [m0, v0] = tf.split(this.moments!, 2);
    const m = tf.add(tf.mul(m0!, this.beta1), tf.mul(grad, 1 - this.beta1));
    const v = tf.add(tf.mul(v0!, this.beta2), tf.mul(tf.square(grad), 1 - this.beta2));
    const { correction1, correction2 } = this.corrections();
    const mHat = tf.div(m, correction1);
    const vHat = tf.div(v, correction2);
    this.moments!.assign(tf.concat([m, v]));
    const update = tf.mul(tf.div(mHat, tf.add(tf.sqrt(vHat), this.epsilon)), -this.learningRate);
    const parts = tf.split(update, variables.map((w) => w.size));
    variables.forEach((w, i) => w.assign(tf.add(tf.reshape(parts[i]!, w.shape), w)));
  }

  private applyFused(named: NamedTensor[], variables: tf.Variable[]): void {
    const inputs: tf.NamedTensorMap = { moments: this.moments! };
    named.forEach(({ tensor }, i) => {
      inputs[`g${i}`] = tensor;
      inputs[`w${i}`] = variables[i]!;
    });
    const attrs: AdamAttrs = {
      count: named.length,
      learningRate: this.learningRate,
      beta1: this.beta1,
      beta2: this.beta2,
      epsilon: this.epsilon,
      ...this.corrections(),
    };
    const [moments, ...weights] = tf.engine().runKernel(ADAM, inputs, attrs as unknown as tf.NamedAttrMap) as tf.Tensor[];
    this.moments!.assign(moments!);
    variables.forEach((w, i) => w.assign(weights[i]!));
  }

  /** Step count, then the moments per weight (fresh tensors: the caller disposes them). */
  override async getWeights(): Promise<NamedTensor[]> {
    const flat = this.moments;
    const pieces = flat ? tf.tidy(() => tf.split(flat, [...this.shapes, ...this.shapes].map(size)).map((t, i) => tf.reshape(t, this.shapes[i % this.shapes.length]!))) : [];
    const names = [...this.shapes.map((_, i) => `${i}/m`), ...this.shapes.map((_, i) => `${i}/v`)];
    return [await this.saveIterations(), ...pieces.map((tensor, i) => ({ name: names[i]!, tensor }))];
  }

  /** Takes getWeights' layout (also what tf.train.adam saved); the caller keeps and disposes the tensors passed. */
  override async setWeights(weightValues: NamedTensor[]): Promise<void> {
    const moments = await this.extractIterations(weightValues);
    this.disposeMoments();
    const n = moments.length / 2;
    if (n > 0) {
      this.shapes = moments.slice(0, n).map(({ tensor }) => tensor.shape);
      const joined = tf.tidy(() => tf.concat(moments.map(({ tensor }) => tf.reshape(tensor, [-1]))));
      this.moments = tf.variable(joined, false);
      joined.dispose();
    }
    // Rebuilt by repeated float32 multiplication, as the updates build them (not pow()).
    this.accBeta1 = Math.fround(this.beta1);
    this.accBeta2 = Math.fround(this.beta2);
    for (let t = 0; t < this.iterations; t++) {
      this.accBeta1 = Math.fround(this.accBeta1 * Math.fround(this.beta1));
      this.accBeta2 = Math.fround(this.accBeta2 * Math.fround(this.beta2));
    }
  }

  getConfig(): tf.serialization.ConfigDict {
    return { learningRate: this.learningRate, beta1: this.beta1, beta2: this.beta2, epsilon: this.epsilon };
  }

  override dispose(): void {
    super.dispose();
    this.disposeMoments();
  }

  private init(shapes: number[][]): void {
    this.shapes = shapes;
    const zeros = tf.zeros([2 * shapes.map(size).reduce((a, b) => a + b, 0)]);
    this.moments = tf.variable(zeros, false);
    zeros.dispose();
  }

  private disposeMoments(): void {
    this.moments?.dispose();
    this.moments = null;
  }
}

function size(shape: number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}
