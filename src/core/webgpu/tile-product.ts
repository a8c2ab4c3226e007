/**
 * The matrix product of the kernels that fold work into a matmul (weight-grad.ts,
 * residual-linear.ts, gelu-linear.ts): C[i, o] = sum over k of A(k, i) B(k, o), one workgroup
 * per TILE x TILE block of C, each lane a 4 x 4 square of it. The lanes load DEPTH values of k
 * at a time into workgroup memory, so each value read from storage serves TILE entries, and
 * each read from workgroup memory 4 (so the product is not bound by those reads, as it was at
 * an entry a lane). The caller defines aAt(k, i) and bAt(k, o) (so it chooses the layouts, and
 * what A's or B's padding reads as), store(i, o, sum) (called for each entry of C), and the
 * uniforms m (C's rows), n (its columns) and depth (k's range).
 */
import { WORKGROUP } from './program';

/** A block is TILE x TILE entries; 8 x 8 lanes of 4 x 4. */
export const TILE = 32;
/** Values of k loaded into workgroup memory at a time. */
const DEPTH = 32;

/** Workgroups for C [m, n]. */
export const tileCount = (m: number, n: number) => Math.ceil(m / TILE) * Math.ceil(n / TILE);

/** tileProduct(row, lane): every lane calls it, from uniform control flow (barriers). */
export const TILE_PRODUCT = `
  var<workgroup> aTile : array<f32, ${DEPTH * TILE}>;
  var<workgroup> bTile : array<f32, ${DEPTH * TILE}>;
  fn tileProduct(row : i32, lane : i32) {
    let blocksN = (uniforms.n + ${TILE - 1}) / ${TILE};
    let corner = vec2<i32>((row / blocksN) * ${TILE}, (row % blocksN) * ${TILE});
    // The lane's square: rows li..li+3 and columns lo..lo+3 of the block.
    let li = (lane / 8) * 4;
    let lo = (lane % 8) * 4;
    var acc : array<vec4<f32>, 4>;
    for (var k0 = 0; k0 < uniforms.depth; k0 += ${DEPTH}) {
      for (var e = lane; e < ${DEPTH * TILE}; e += ${WORKGROUP}) {
        let k = k0 + e / ${TILE};
        let i = corner.x + e % ${TILE};
        let o = corner.y + e % ${TILE};
        var a = 0.0;
        var b = 0.0;
        if (k < uniforms.depth && i < uniforms.m) { a = aAt(k, i); }
        if (k < uniforms.depth && o < uniforms.n) { b = bAt(k, o); }
        aTile[e] = a;
        bTile[e] = b;
      }
      workgroupBarrier();
      for (var kk = 0; kk < ${DEPTH}; kk++) {
        let at = kk * ${TILE};
        let b = vec4<f32>(bTile[at + lo], bTile[at + lo + 1], bTile[at + lo + 2], bTile[at + lo + 3]);
        for (var r = 0; r < 4; r++) { acc[r] += aTile[at + li + r] * b; }
      }
      workgroupBarrier();
    }
    for (var r = 0; r < 4; r++) {
      for (var c = 0; c < 4; c++) {
        let i = corner.x + li + r;
        let o = corner.y + lo + c;
        if (i < uniforms.m && o < uniforms.n) { store(i, o, acc[r][c]); }
      }
    }
  }`;
