/**
 * LayerNorm applied to a tiled product's A as it is loaded (tile-product.ts), so the normalized
 * rows are never stored: the forward kernel computes its block's row statistics itself (and
 * writes them, for the backward), the weight gradient reads them back. The same formula as
 * layer-norm.ts: a row's mean, then 1/std from the centered squares, (x - mean) * rstd * gain + bias.
 */
import { TILE } from './tile-product';

/**
 * For a product whose rows i are the rows of X [m, depth] (one block's TILE rows): normRows(row,
 * lane) fills the block's statistics (lanes 0..TILE-1 a row each) and, in the first block of
 * each row of blocks, writes them to Stats [m, 2]; every lane calls it, before tileProduct.
 * normedAt(k, i): row i's normalized value k. Needs Gain, LnBias and uniforms.epsilon.
 */
export const NORM_ROWS = `
  var<workgroup> rowMean : array<f32, ${TILE}>;
  var<workgroup> rowRstd : array<f32, ${TILE}>;
  fn normRows(row : i32, lane : i32) {
    let blocksN = (uniforms.n + ${TILE - 1}) / ${TILE};
    let r = (row / blocksN) * ${TILE} + lane;
    if (lane < ${TILE} && r < uniforms.m) {
      let start = r * uniforms.depth;
      var sum = 0.0;
      for (var j = 0; j < uniforms.depth; j++) { sum += X[start + j]; }
      let mean = sum / f32(uniforms.depth);
      var sq = 0.0;
      for (var j = 0; j < uniforms.depth; j++) { let c = X[start + j] - mean; sq += c * c; }
      let rstd = inverseSqrt(sq / f32(uniforms.depth) + uniforms.epsilon);
      rowMean[lane] = mean;
      rowRstd[lane] = rstd;
      if (row % blocksN == 0) {
        Stats[2 * r] = mean;
        Stats[2 * r + 1] = rstd;
      }
    }
    workgroupBarrier();
  }
  fn normedAt(k : i32, i : i32) -> f32 {
    return (X[i * uniforms.depth + k] - rowMean[i % ${TILE}]) * rowRstd[i % ${TILE}] * Gain[k] + LnBias[k];
  }`;

/** normedAt(k, i) for X [rows, In] read as A(k, i) = X[k, i], from Stats [rows, 2]: the weight gradient's (its m is In + 1, the bias row). */
export const NORMED_FROM_STATS = `
  fn normedAt(k : i32, i : i32) -> f32 {
    let In = uniforms.m - 1;
    return (X[k * In + i] - Stats[2 * k]) * Stats[2 * k + 1] * Gain[i] + LnBias[i];
  }`;
