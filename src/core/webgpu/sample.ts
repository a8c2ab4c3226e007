/**
 * AgonSample: logits [B, V] -> temperature -> top-p -> the token the seeded uniform picks,
 * its log-prob under the raw model, and the finished flag, written in place into the rollout
 * record [B, 1 + 2N] (column 0: finished, then N tokens, then N log-probs), so the rollout
 * reads back one tensor. Op for op as chooseTokens/pickNext/tokenLogProbs (nucleus.ts,
 * sampler.ts): the same inverse CDF over the same order (index order without a top-p cut,
 * descending logits with one), so a uniform picks the same token.
 *
 * One workgroup per row. Each lane owns a contiguous chunk of the row (of the ranked row for
 * top-p); lanes sum their chunks, and lane 0 adds the 64 partial sums in order, giving each
 * chunk the mass before it. The running sums are thus added in the serial order, chunk by
 * chunk: with V <= 64 (one entry a lane) they are the serial loop's sums exactly. Top-p ranks
 * each logit by counting the ones before it and scatters it to its rank in workgroup memory.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { inPlace, runProgram, WORKGROUP } from './program';

export const SAMPLE = 'AgonSample';

/** The widest row top-p ranks in workgroup memory (3 arrays of 4 bytes: 12 KiB of the 16 KiB every adapter has). */
export const MAX_NUCLEUS_VOCAB = 1024;

export interface SampleAttrs {
  step: number;
  temperature: number;
  topP: number;
  eosId: number;
  padId: number;
}

type Mode = 'greedy' | 'full' | 'nucleus';

const L = WORKGROUP;

/** Lane 0 adds partA and partB in order into preA and preB (the mass before each lane's chunk); returns both totals. */
const SCAN = `
  fn scan() -> vec2<f32> {
    var run = vec2<f32>(0.0, 0.0);
    for (var t = 0; t < ${L}; t++) {
      preA[t] = run.x;
      preB[t] = run.y;
      run += vec2<f32>(partA[t], partB[t]);
    }
    return run;
  }`;

/** Where the row's logits are read from: the Logits input, or (fused into the head) workgroup memory. */
export type LogitSource = 'buffer' | 'workgroup';

function header(mode: Mode, temperature: number, cap: number, source: LogitSource): string {
  const ranked = mode === 'nucleus' ? `
    var<workgroup> xs : array<f32, ${cap}>;
    var<workgroup> sortedP : array<f32, ${cap}>;
    var<workgroup> sortedI : array<i32, ${cap}>;` : '';
  return `
    var<workgroup> bestX : array<f32, ${L}>;
    var<workgroup> bestI : array<i32, ${L}>;
    var<workgroup> partA : array<f32, ${L}>;
    var<workgroup> partB : array<f32, ${L}>;
    var<workgroup> preA : array<f32, ${L}>;
    var<workgroup> preB : array<f32, ${L}>;
    // 0: softmax denominator at the temperature, 1: at 1, 2: the uniform's goal.
    var<workgroup> scalars : array<f32, 3>;
    var<workgroup> argmax : i32;
    ${ranked}
    fn logit(off : i32, i : i32) -> f32 {
      ${source === 'buffer' ? 'return Logits[off + i];' : 'return rowLogits[i];'}
    }
    fn scaled(off : i32, i : i32) -> f32 {
      ${temperature === 1 ? 'return logit(off, i);' : 'return logit(off, i) / uniforms.temp;'}
    }
    // Rank order of top-k: larger first, ties by lower index.
    fn before(x : f32, i : i32, y : f32, j : i32) -> bool {
      return x > y || (x == y && i < j);
    }
    ${SCAN}`;
}

/** Max of the row (first index on ties, as the serial argmax), the two softmax denominators. */
const COMMON = `
  let off = row * uniforms.v;
  let chunk = (uniforms.v + ${L - 1}) / ${L};
  let lo = min(lane * chunk, uniforms.v);
  let hi = min(lo + chunk, uniforms.v);
  var bx = -3.0e38;
  var bi = -1;
  for (var i = lo; i < hi; i++) {
    let x = logit(off, i);
    if (x > bx) { bx = x; bi = i; }
  }
  bestX[lane] = bx;
  bestI[lane] = bi;
  workgroupBarrier();
  // Lane 0 goes through the lanes' maxima in index order: the first maximum, as the serial loop.
  if (lane == 0) {
    var x0 = -3.0e38;
    var i0 = 0;
    for (var t = 0; t < ${L}; t++) {
      if (bestI[t] >= 0 && bestX[t] > x0) { x0 = bestX[t]; i0 = bestI[t]; }
    }
    argmax = i0;
  }
  workgroupBarrier();
  let arg = argmax;
  let mx = logit(off, arg);
  // Dividing by a positive temperature keeps the order: the scaled maximum is the scaled argmax.
  let m = scaled(off, arg);
  var sumT = 0.0;
  var sum1 = 0.0;
  for (var i = lo; i < hi; i++) {
    sumT += exp(scaled(off, i) - m);
    sum1 += exp(logit(off, i) - mx);
  }
  partA[lane] = sumT;
  partB[lane] = sum1;
  workgroupBarrier();
  if (lane == 0) {
    let totals = scan();
    scalars[0] = totals.x;
    scalars[1] = totals.y;
  }
  workgroupBarrier();
  let sum = scalars[0];
  var drawn = arg;`;

/** WGSL expressions for the step being drawn and the row's uniform (a one-token kernel's uniforms.step and U[row]). */
export interface DrawSource {
  step: string;
  u: string;
}

const ONE_STEP: DrawSource = { step: 'uniforms.step', u: 'U[row]' };

const draw = (u: string): Record<Mode, string> => ({
  greedy: '',
  // softmax(logits / T), cumsum in index order, count the slots whose mass is at most u * total.
  full: `
    var mass = 0.0;
    for (var i = lo; i < hi; i++) { mass += exp(scaled(off, i) - m) / sum; }
    partA[lane] = mass;
    workgroupBarrier();
    if (lane == 0) { scalars[2] = ${u} * scan().x; }
    workgroupBarrier();
    let goal = scalars[2];
    var cdf = preA[lane];
    var count = 0;
    for (var i = lo; i < hi; i++) {
      cdf += exp(scaled(off, i) - m) / sum;
      if (cdf - goal <= 0.0) { count++; }
    }
    bestI[lane] = count;
    workgroupBarrier();
    var total = 0;
    for (var t = 0; t < ${L}; t++) { total += bestI[t]; }
    drawn = min(total, uniforms.v - 1);`,
  // Descending order; keep a token while the mass before it is below topP; inverse CDF over the kept mass.
  nucleus: `
    for (var i = lo; i < hi; i++) { xs[i] = scaled(off, i); }
    workgroupBarrier();
    for (var i = lo; i < hi; i++) {
      let x = xs[i];
      var rank = 0;
      for (var j = 0; j < uniforms.v; j++) { if (before(xs[j], j, x, i)) { rank++; } }
      sortedP[rank] = exp(x - m) / sum;
      sortedI[rank] = i;
    }
    workgroupBarrier();
    var mass = 0.0;
    for (var k = lo; k < hi; k++) { mass += sortedP[k]; }
    partA[lane] = mass;
    workgroupBarrier();
    if (lane == 0) { scan(); }
    workgroupBarrier();
    var cum = preA[lane];
    var kept = 0.0;
    for (var k = lo; k < hi; k++) {
      let p = sortedP[k];
      cum += p;
      if (cum - p < uniforms.topP) { kept += p; }
    }
    partA[lane] = mass;
    partB[lane] = kept;
    workgroupBarrier();
    if (lane == 0) { scalars[2] = ${u} * scan().y; }
    workgroupBarrier();
    let goal = scalars[2];
    cum = preA[lane];
    var cdf = preB[lane];
    var first = uniforms.v;
    for (var k = lo; k < hi; k++) {
      let p = sortedP[k];
      cum += p;
      if (cum - p < uniforms.topP) { cdf += p; }
      if (first == uniforms.v && cdf - goal > 0.0) { first = k; }
    }
    bestI[lane] = first;
    workgroupBarrier();
    var k0 = uniforms.v;
    for (var t = 0; t < ${L}; t++) { k0 = min(k0, bestI[t]); }
    // No slot past the goal (rounding at the end of the kept mass): the last ranked, as the serial loop.
    drawn = sortedI[min(k0, uniforms.v - 1)];`,
});

/** Lane 0 writes the token, its log-prob at temperature 1 (logSoftmax) and the finished flag. */
const write = (step: string) => `
  if (lane == 0) {
    let base = row * uniforms.width;
    let done = result[base] > 0.5;
    var token = drawn;
    var lp = logit(off, drawn) - mx - log(scalars[1]);
    if (done) { token = uniforms.pad; lp = 0.0; }
    result[base] = select(0.0, 1.0, done || token == uniforms.eos);
    result[base + 1 + ${step}] = f32(token);
    result[base + 1 + uniforms.n + ${step}] = lp;
  }`;

function samplingMode(a: SampleAttrs, V: number): Mode {
  const mode: Mode = a.temperature <= 0 ? 'greedy' : a.topP >= 1 ? 'full' : 'nucleus';
  if (mode === 'nucleus' && V > MAX_NUCLEUS_VOCAB) {
    throw new Error(`${SAMPLE}: top-p over a vocabulary of ${V} is not supported (at most ${MAX_NUCLEUS_VOCAB}, ranked in workgroup memory)`);
  }
  return mode;
}

/**
 * The sampling shader of a row's workgroup (its key, module-scope WGSL, body and uniforms),
 * reading its logits from `source`, and the step and uniform from `at`.
 */
export function samplingShader(a: SampleAttrs, V: number, width: number, source: LogitSource, at: DrawSource = ONE_STEP) {
  const mode = samplingMode(a, V);
  // Workgroup arrays sized for this vocabulary (one shader per size; the model's is fixed).
  const cap = Math.ceil(V / L) * L;
  return {
    mode,
    key: `${mode}_${a.temperature === 1 ? 't1' : 'tn'}_${mode === 'nucleus' ? cap : 'any'}`,
    header: header(mode, a.temperature, cap, source),
    body: `${COMMON}${draw(at.u)[mode]}${write(at.step)}`,
    uniforms: [
      { name: 'v', type: 'i32' as const, value: V },
      { name: 'width', type: 'i32' as const, value: width },
      { name: 'step', type: 'i32' as const, value: a.step },
      { name: 'n', type: 'i32' as const, value: (width - 1) / 2 },
      { name: 'temp', type: 'f32' as const, value: a.temperature },
      { name: 'topP', type: 'f32' as const, value: a.topP },
      { name: 'eos', type: 'i32' as const, value: a.eosId },
      { name: 'pad', type: 'i32' as const, value: a.padId },
    ],
  };
}

/** Inputs: logits [B, V], u [B] (the seeded uniforms), record [B, 1 + 2N]. Output: the record, updated in place. */
export const sampleConfig: KernelConfig = {
  kernelName: SAMPLE,
  backendName: 'webgpu',
  kernelFunc: ({ inputs, backend, attrs }) => {
    const { logits, u, record } = inputs as Record<string, TensorInfo>;
    const gpu = backend as WebGPUBackend;
    const [B, V] = logits!.shape as [number, number];
    const shader = samplingShader(attrs as unknown as SampleAttrs, V, record!.shape[1]!, 'buffer');
    return inPlace(gpu, record!, (output) =>
      runProgram(gpu, {
        key: `sample_${shader.key}`,
        // A dispatch binds only what its shader uses: greedy draws no uniform.
        inputs: shader.mode === 'greedy' ? { Logits: logits! } : { Logits: logits!, U: u! },
        outputShape: record!.shape,
        rows: B,
        output,
        uniforms: shader.uniforms,
        header: shader.header,
        body: shader.body,
      }),
    );
  },
};
