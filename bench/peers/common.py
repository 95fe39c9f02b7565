# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared by the peer benchmarks (bench/peers/NAME_peers.py).

A peer reads the same file as tessera-bench (write one with
``tessera-bench OP ... --save-input FILE``), times a library doing the same
work, and prints tessera-bench's line with the library in the BACKEND place:

    OP PEER WxH median_ms=... min_ms=... mpix_s=...[ e2e_ms=...][ field=...]

Only NumPy is needed here; each peer imports its own libraries, so that a
missing one skips that peer alone.
"""

import argparse
import statistics
import sys
import time

import numpy as np


def read_pnm(path):
    """Reads a binary PGM (P5), PPM (P6) or PAM (P7): returns (pixels, maxval)
    with pixels an (height, width, channels) array of uint8 (maxval < 256) or
    uint16, samples as stored."""
    with open(path, "rb") as f:
        data = f.read()
    magic = data[:2]
    if magic in (b"P5", b"P6"):
        width, height, maxval, offset = _pnm_header(data)
        channels = 1 if magic == b"P5" else 3
    elif magic == b"P7":
        width, height, channels, maxval, offset = _pam_header(data)
    else:
        raise ValueError(f"{path}: not a binary PGM, PPM or PAM file")
    dtype = np.dtype(">u2" if maxval > 255 else "u1")
    count = width * height * channels
    if len(data) - offset < count * dtype.itemsize:
        raise ValueError(f"{path}: the file ends inside the pixels")
    pixels = np.frombuffer(data, dtype, count, offset)
    return pixels.reshape(height, width, channels).astype(dtype.newbyteorder("=")), maxval


def _pnm_header(data):
    """Width, height, maxval and the pixels' offset of a P5/P6 file."""
    fields, i = [], 2
    while len(fields) < 3:
        while data[i:i + 1].isspace() or data[i:i + 1] == b"#":
            if data[i:i + 1] == b"#":
                while data[i:i + 1] not in (b"\n", b"\r", b""):
                    i += 1
            i += 1
        start = i
        while data[i:i + 1].isdigit():
            i += 1
        if start == i:
            raise ValueError("bad PGM/PPM header")
        fields.append(int(data[start:i]))
    # Exactly one whitespace character ends the header.
    return fields[0], fields[1], fields[2], i + 1


def _pam_header(data):
    """Width, height, depth, maxval and the pixels' offset of a P7 file."""
    end = data.index(b"ENDHDR\n")
    fields = {}
    for line in data[3:end].decode("ascii").splitlines():
        words = line.split()
        if words and not words[0].startswith("#") and words[0] != "TUPLTYPE":
            fields[words[0]] = int(words[1])
    return (fields["WIDTH"], fields["HEIGHT"], fields["DEPTH"],
            fields["MAXVAL"], end + len(b"ENDHDR\n"))


def parser(description):
    """The options every peer script takes; add the op's own to it."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--input", required=True,
                   help="the file tessera-bench read (or wrote with --save-input)")
    p.add_argument("--threads", type=int, default=2, help="CPU threads (default 2)")
    p.add_argument("--repeat", type=int, default=10,
                   help="timed runs after one warm-up run (default 10)")
    p.add_argument("--gpu", action="store_true",
                   help="also the CuPy peers (on the GPU machine)")
    return p


def time_wall(fn, repeat, warmup=1):
    """Median and minimum wall-clock milliseconds of FN() over REPEAT runs
    after WARMUP runs."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), min(times)


def time_cuda(fn, repeat, warmup=3):
    """Median and minimum milliseconds of FN() on the current CuPy stream,
    timed by CUDA events, over REPEAT runs after WARMUP runs."""
    import cupy
    for _ in range(warmup):
        fn()
    cupy.cuda.get_current_stream().synchronize()
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    times = []
    for _ in range(repeat):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop))
    return statistics.median(times), min(times)


def print_line(op, peer, width, height, median_ms, min_ms, **fields):
    """tessera-bench's line, with PEER in the backend's place; FIELDS
    follow as name=value (floats as milliseconds are, to 4 places)."""
    mpix_s = width * height / (median_ms * 1e3)
    extra = "".join(f" {name}={value:.4f}" if isinstance(value, float)
                    else f" {name}={value}" for name, value in fields.items())
    print(f"{op} {peer} {width}x{height} median_ms={median_ms:.4f} "
          f"min_ms={min_ms:.4f} mpix_s={mpix_s:.1f}{extra}", flush=True)


def skip(peer, why):
    """Says on stderr that PEER could not be measured, and why."""
    print(f"# {peer} skipped: {why}", file=sys.stderr, flush=True)
