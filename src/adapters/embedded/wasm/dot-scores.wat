;; Dot products of one query with every row of a row-major f32 matrix, four lanes at a time.
;; scores(mat, query, out, rows, dim): out[r] = sum_j mat[r*dim + j] * query[j]
;; dim must be a multiple of 8 (the caller pads rows and query with zeros). All pointers are byte
;; offsets into the exported memory, 16-byte aligned.
(module
  (memory (export "memory") 1)
  (func (export "scores") (param $mat i32) (param $q i32) (param $out i32) (param $rows i32) (param $dim i32)
    (local $r i32) (local $row i32) (local $j i32) (local $rowBytes i32)
    (local $a0 v128) (local $a1 v128) (local $pr i32) (local $pq i32)
    (local.set $row (local.get $mat))
    (local.set $rowBytes (i32.shl (local.get $dim) (i32.const 2)))
    (block $rowsDone
      (loop $rowsLoop
        (br_if $rowsDone (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $a0 (v128.const f32x4 0 0 0 0))
        (local.set $a1 (v128.const f32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (block $dimDone
          (loop $dimLoop
            (br_if $dimDone (i32.ge_u (local.get $j) (local.get $dim)))
            (local.set $pr (i32.add (local.get $row) (i32.shl (local.get $j) (i32.const 2))))
            (local.set $pq (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 2))))
            (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (v128.load (local.get $pr)) (v128.load (local.get $pq)))))
            (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (v128.load offset=16 (local.get $pr)) (v128.load offset=16 (local.get $pq)))))
            (local.set $j (i32.add (local.get $j) (i32.const 8)))
            (br $dimLoop)))
        (local.set $a0 (f32x4.add (local.get $a0) (local.get $a1)))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $a0)) (f32x4.extract_lane 1 (local.get $a0)))
            (f32.add (f32x4.extract_lane 2 (local.get $a0)) (f32x4.extract_lane 3 (local.get $a0)))))
        (local.set $row (i32.add (local.get $row) (local.get $rowBytes)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rowsLoop)))))
