/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — the operations, one line each: BENCH_OP (ID) names the
 * BenchOp bench_op_ID defined in bench/op-ID.c (with dashes for
 * underscores).  Included by op.h and tessera-bench.c with BENCH_OP defined;
 * no include guard on purpose. */
BENCH_OP (box_blur)
BENCH_OP (trace)
BENCH_OP (fill_contours)
BENCH_OP (emst)
BENCH_OP (mst_segment)
BENCH_OP (reconstruct)
