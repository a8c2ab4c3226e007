;; One decoding step's attention on tfjs-backend-wasm's own memory (see decode-attention.ts).
;; All pointers are byte offsets into that memory; every array is float32.
;;   qkv    [B, 3D]            the step's projection: a row's queries, then keys, then values
;;   cache  [2, lmax, C, dh]   keys then values; C = B*H channels, channel c = b*H + h
;;   pad    [B, lmax]          additive padding mask (0 or a large negative number)
;;   scores [C, len + 1]       one row per channel: the cached slots, then the new token
;; A row's H heads lie side by side (D = H*dh floats) in qkv and in each slot of the cache, so
;; the loops walk rows b and heads h with no index arithmetic. They go slot by slot: a channel's
;; slots lie C*dh*4 bytes apart, a multiple of 4 KiB, and reading down a channel thrashes the
;; cache. dh is a multiple of 4 (one f32x4 per 4 values).
(module
  (import "env" "memory" (memory 1))

  ;; One slot's scores: out[c * width] = scale * q_c . k_c + mask[b], for every channel c. A row's
  ;; keys start at keys + b*keyStride, its queries at qkv + b*3D*4, its mask at pad + b*padStride
  ;; (or 0 where masked is 0).
  (func $slotScores
    (param $qkv i32) (param $keys i32) (param $keyStride i32) (param $pad i32) (param $padStride i32) (param $masked i32)
    (param $out i32)
    (param $B i32) (param $H i32) (param $D i32) (param $dh i32) (param $width i32) (param $scale f32)
    (local $b i32) (local $h i32) (local $q i32) (local $k i32) (local $end i32) (local $mask f32) (local $acc v128)
    (block $rowsDone
      (loop $row
        (br_if $rowsDone (i32.ge_u (local.get $b) (local.get $B)))
        (local.set $q (i32.add (local.get $qkv) (i32.mul (local.get $b) (i32.mul (local.get $D) (i32.const 12)))))
        (local.set $k (i32.add (local.get $keys) (i32.mul (local.get $b) (local.get $keyStride))))
        (local.set $mask (select
          (f32.load (i32.add (local.get $pad) (i32.mul (local.get $b) (local.get $padStride))))
          (f32.const 0)
          (local.get $masked)))
        (local.set $h (i32.const 0))
        (block $headsDone
          (loop $head
            (br_if $headsDone (i32.ge_u (local.get $h) (local.get $H)))
            (local.set $end (i32.add (local.get $q) (i32.shl (local.get $dh) (i32.const 2))))
            (local.set $acc (v128.const f32x4 0 0 0 0))
            (block $done
              (loop $next
                (local.set $acc (f32x4.add (local.get $acc)
                  (f32x4.mul (v128.load (local.get $q)) (v128.load (local.get $k)))))
                (local.set $q (i32.add (local.get $q) (i32.const 16)))
                (local.set $k (i32.add (local.get $k) (i32.const 16)))
                (br_if $next (i32.lt_u (local.get $q) (local.get $end)))))
            (f32.store (local.get $out)
              (f32.add
                (f32.mul
                  (f32.add
                    (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
                    (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc))))
                  (local.get $scale))
                (local.get $mask)))
            (local.set $out (i32.add (local.get $out) (i32.shl (local.get $width) (i32.const 2))))
            (local.set $h (i32.add (local.get $h) (i32.const 1)))
            (br $head)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $row))))

  ;; scores[c, l] = scale * q_c . k_{l,c} + pad[b, l] for the len cached slots, then the new key
  ;; (never padding).
  (func (export "scores")
    (param $qkv i32) (param $cache i32) (param $pad i32) (param $out i32)
    (param $B i32) (param $H i32) (param $D i32) (param $dh i32) (param $lmax i32) (param $len i32) (param $scale f32)
    (local $l i32) (local $slotBytes i32) (local $rowBytes i32) (local $width i32)
    (local.set $rowBytes (i32.shl (local.get $D) (i32.const 2)))
    (local.set $slotBytes (i32.mul (local.get $B) (local.get $rowBytes)))
    (local.set $width (i32.add (local.get $len) (i32.const 1)))
    (block $slotsDone
      (loop $slot
        (br_if $slotsDone (i32.ge_u (local.get $l) (local.get $len)))
        (call $slotScores (local.get $qkv)
          (i32.add (local.get $cache) (i32.mul (local.get $l) (local.get $slotBytes))) (local.get $rowBytes)
          (i32.add (local.get $pad) (i32.shl (local.get $l) (i32.const 2))) (i32.shl (local.get $lmax) (i32.const 2)) (i32.const 1)
          (i32.add (local.get $out) (i32.shl (local.get $l) (i32.const 2)))
          (local.get $B) (local.get $H) (local.get $D) (local.get $dh) (local.get $width) (local.get $scale))
        (local.set $l (i32.add (local.get $l) (i32.const 1)))
        (br $slot)))
    (call $slotScores (local.get $qkv)
      (i32.add (local.get $qkv) (local.get $rowBytes)) (i32.mul (local.get $rowBytes) (i32.const 3))
      (local.get $pad) (i32.const 0) (i32.const 0)
      (i32.add (local.get $out) (i32.shl (local.get $len) (i32.const 2)))
      (local.get $B) (local.get $H) (local.get $D) (local.get $dh) (local.get $width) (local.get $scale)))

  ;; One slot's share of the mix: out[c] += p[c * width] * v_c for every channel c, where a row's
  ;; values start at values + b*valueStride.
  (func $slotMix
    (param $p i32) (param $values i32) (param $valueStride i32) (param $out i32)
    (param $B i32) (param $H i32) (param $dh i32) (param $width i32)
    (local $b i32) (local $h i32) (local $v i32) (local $end i32) (local $w v128)
    (block $rowsDone
      (loop $row
        (br_if $rowsDone (i32.ge_u (local.get $b) (local.get $B)))
        (local.set $v (i32.add (local.get $values) (i32.mul (local.get $b) (local.get $valueStride))))
        (local.set $h (i32.const 0))
        (block $headsDone
          (loop $head
            (br_if $headsDone (i32.ge_u (local.get $h) (local.get $H)))
            (local.set $w (v128.load32_splat (local.get $p)))
            (local.set $end (i32.add (local.get $out) (i32.shl (local.get $dh) (i32.const 2))))
            (block $done
              (loop $next
                (v128.store (local.get $out) (f32x4.add (v128.load (local.get $out))
                  (f32x4.mul (local.get $w) (v128.load (local.get $v)))))
                (local.set $out (i32.add (local.get $out) (i32.const 16)))
                (local.set $v (i32.add (local.get $v) (i32.const 16)))
                (br_if $next (i32.lt_u (local.get $out) (local.get $end)))))
            (local.set $p (i32.add (local.get $p) (i32.shl (local.get $width) (i32.const 2))))
            (local.set $h (i32.add (local.get $h) (i32.const 1)))
            (br $head)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $row))))

  ;; out[c] = sum_l p[c, l] v_{l,c} over the cached slots, plus p[c, len] times the new value; out is [B, D].
  (func (export "mix")
    (param $p i32) (param $qkv i32) (param $cache i32) (param $out i32)
    (param $B i32) (param $H i32) (param $D i32) (param $dh i32) (param $lmax i32) (param $len i32)
    (local $l i32) (local $slotBytes i32) (local $rowBytes i32) (local $values i32) (local $width i32)
    (local.set $rowBytes (i32.shl (local.get $D) (i32.const 2)))
    (local.set $slotBytes (i32.mul (local.get $B) (local.get $rowBytes)))
    (local.set $values (i32.add (local.get $cache) (i32.mul (local.get $lmax) (local.get $slotBytes))))
    (local.set $width (i32.add (local.get $len) (i32.const 1)))
    (memory.fill (local.get $out) (i32.const 0) (local.get $slotBytes))
    (block $slotsDone
      (loop $slot
        (br_if $slotsDone (i32.ge_u (local.get $l) (local.get $len)))
        (call $slotMix (i32.add (local.get $p) (i32.shl (local.get $l) (i32.const 2)))
          (i32.add (local.get $values) (i32.mul (local.get $l) (local.get $slotBytes))) (local.get $rowBytes)
          (local.get $out) (local.get $B) (local.get $H) (local.get $dh) (local.get $width))
        (local.set $l (i32.add (local.get $l) (i32.const 1)))
        (br $slot)))
    (call $slotMix (i32.add (local.get $p) (i32.shl (local.get $len) (i32.const 2)))
      (i32.add (local.get $qkv) (i32.shl (local.get $rowBytes) (i32.const 1))) (i32.mul (local.get $rowBytes) (i32.const 3))
      (local.get $out) (local.get $B) (local.get $H) (local.get $dh) (local.get $width)))

  ;; cache[0, len] = the new keys [B, D], cache[1, len] the new values.
  (func (export "append")
    (param $qkv i32) (param $cache i32) (param $B i32) (param $D i32) (param $lmax i32) (param $len i32)
    (local $b i32) (local $rowBytes i32) (local $slotBytes i32) (local $keys i32) (local $src i32)
    (local.set $rowBytes (i32.shl (local.get $D) (i32.const 2)))
    (local.set $slotBytes (i32.mul (local.get $B) (local.get $rowBytes)))
    (local.set $keys (i32.add (local.get $cache) (i32.mul (local.get $len) (local.get $slotBytes))))
    (block $rowsDone
      (loop $row
        (br_if $rowsDone (i32.ge_u (local.get $b) (local.get $B)))
        (local.set $src (i32.add (local.get $qkv) (i32.mul (local.get $b) (i32.mul (local.get $rowBytes) (i32.const 3)))))
        (memory.copy (local.get $keys) (i32.add (local.get $src) (local.get $rowBytes)) (local.get $rowBytes))
        (memory.copy (i32.add (local.get $keys) (i32.mul (local.get $lmax) (local.get $slotBytes)))
          (i32.add (local.get $src) (i32.shl (local.get $rowBytes) (i32.const 1))) (local.get $rowBytes))
        (local.set $keys (i32.add (local.get $keys) (local.get $rowBytes)))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $row)))))
