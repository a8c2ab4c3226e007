/**
 * The matrix product of the kernels that fold work into a matmul (weight-grad.ts): C[i, o] =
 * sum over k of A(k, i) B(k, o), one workgroup per TILE x TILE block of C, a lane per entry.
 * The lanes load 64 values of k at a time into workgroup memory (lane l the row k0 + l of
 * the block's A and B columns), so each value read from storage serves TILE entries. The
 * caller defines aAt(k, i) and bAt(k, o) (so it chooses the layouts, and what A's or B's
 * padding reads as) and the uniforms m (C's rows), n (its columns) and depth (k's range).
 */
import { WORKGROUP } from './program';

/** A block is TILE x TILE entries, one per lane. */
export const TILE = 8;

/** Workgroups for C [m, n]. */
export const tileCount = (m: number, n: number) => Math.ceil(m / TILE) * Math.ceil(n / TILE);

/**
 * tileEntry(row, lane): the lane's entry (i, o) of the block `row`. tileProduct(row, lane):
 * its value (0 outside C). Every lane calls tileProduct from uniform control flow (barriers).
 */
export const TILE_PRODUCT = `
  var<workgroup> aTile : array<f32, ${WORKGROUP * TILE}>;
  var<workgroup> bTile : array<f32, ${WORKGROUP * TILE}>;
  fn tileEntry(row : i32, lane : i32) -> vec2<i32> {
    let blocksN = (uniforms.n + ${TILE - 1}) / ${TILE};
    return vec2<i32>((row / blocksN) * ${TILE} + lane / ${TILE}, (row % blocksN) * ${TILE} + lane % ${TILE});
  }
  fn tileProduct(row : i32, lane : i32) -> f32 {
    let corner = tileEntry(row, 0);
    let at = tileEntry(row, lane) - corner;
    var acc = 0.0;
    for (var k0 = 0; k0 < uniforms.depth; k0 += ${WORKGROUP}) {
      let k = k0 + lane;
      for (var j = 0; j < ${TILE}; j++) {
        var a = 0.0;
        var b = 0.0;
        if (k < uniforms.depth && corner.x + j < uniforms.m) { a = aAt(k, corner.x + j); }
        if (k < uniforms.depth && corner.y + j < uniforms.n) { b = bAt(k, corner.y + j); }
        aTile[lane * ${TILE} + j] = a;
        bTile[lane * ${TILE} + j] = b;
      }
      workgroupBarrier();
      for (var kk = 0; kk < ${WORKGROUP}; kk++) { acc += aTile[kk * ${TILE} + at.x] * bTile[kk * ${TILE} + at.y]; }
      workgroupBarrier();
    }
    return acc;
  }`;
