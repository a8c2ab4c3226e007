/**
 * A training step (forward, backward, FlatAdam) at fixed shapes on the fused WebGPU kernels,
 * recorded once and then replayed (../webgpu/step-recorder.ts): one command encoder, one submit,
 * no buffer, bind group or uniform buffer made, nothing read back. Per step only the inputs'
 * values and Adam's bias corrections are written into the recorded buffers. The loss stays on
 * the GPU until asked for (loss()). Off the fused path (another backend, or the fused kernels
 * switched off) each step runs as an ordinary minimize, so the same code serves everywhere.
 *
 * The recording is made again whenever a replay would compute something else: a variable it
 * binds was reassigned (a checkpoint loaded, a step taken outside it) or the backend changed
 * (device loss). dispose() hands its buffers back.
 */
import * as tf from '@tensorflow/tfjs';
import { ADAM_CORRECTIONS, fusedKernelsActive, recordStep, type StepRecording } from '../webgpu';
import type { FlatAdam } from './flat-adam';

export class RecordedTrainStep {
  private recording: StepRecording | null = null;
  private lossTensor: tf.Scalar | null = null;

  /**
   * `loss` builds the step's scalar loss from `inputs` (tensors the step reads, whose values
   * change between steps: a batch's tokens, mask, advantages) and the weights.
   */
  constructor(
    private readonly weights: tf.Variable[],
    private readonly optimizer: FlatAdam,
    private readonly loss: () => tf.Scalar,
    private readonly inputs: tf.Tensor[],
  ) {}

  /** One step; `values`, where given, are this step's values of the inputs, in order. */
  step(values?: (Float32Array | Int32Array)[]): void {
    if (!fusedKernelsActive()) return this.plainStep(values);
    if (this.recording?.valid()) return this.replay(values);
    this.record(values);
  }

  /** The last step's loss: read back now (it waits for the GPU). */
  async lastLoss(): Promise<number> {
    if (!this.lossTensor) throw new Error('recorded train step: no step yet');
    return (await this.lossTensor.data())[0]!;
  }

  dispose(): void {
    this.dropRecording();
    this.lossTensor?.dispose();
    this.lossTensor = null;
  }

  private plainStep(values?: (Float32Array | Int32Array)[]): void {
    this.dropRecording();
    this.writeInputs(values);
    this.setLoss(this.optimizer.minimize(this.loss, true, this.weights)!);
  }

  private record(values?: (Float32Array | Int32Array)[]): void {
    this.dropRecording();
    this.writeInputs(values);
    // The moments must exist before recording: a variable made inside it has no old buffer to carry into.
    this.optimizer.prepare(this.weights);
    const { result, recording } = recordStep(() => this.optimizer.minimize(this.loss, true, this.weights)!, {
      inputs: this.inputs,
      uniforms: Object.values(ADAM_CORRECTIONS),
    });
    this.setLoss(result);
    this.recording = recording;
  }

  private replay(values?: (Float32Array | Int32Array)[]): void {
    const recording = this.recording!;
    values?.forEach((v, i) => recording.writeInput(this.inputs[i]!, v));
    const { correction1, correction2 } = this.optimizer.corrections();
    recording.writeUniform(ADAM_CORRECTIONS.correction1, correction1);
    recording.writeUniform(ADAM_CORRECTIONS.correction2, correction2);
    recording.replay();
    this.optimizer.advance();
  }

  /** Values into the inputs through tfjs (outside a replay): each input's data replaced. */
  private writeInputs(values?: (Float32Array | Int32Array)[]): void {
    values?.forEach((v, i) => {
      const input = this.inputs[i]!;
      const next = tf.tensor(v, input.shape, input.dtype);
      if (input instanceof tf.Variable) input.assign(next);
      else throw new Error('recorded train step: inputs given values must be variables');
      next.dispose();
    });
  }

  private setLoss(loss: tf.Scalar): void {
    this.lossTensor?.dispose();
    this.lossTensor = loss;
  }

  private dropRecording(): void {
    this.recording?.dispose();
    this.recording = null;
  }
}
