/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — helpers shared by the CUDA operations: error mapping, device
 * buffers, and the staging of host images to and from the device.
 *
 * Every operation's entry point follows the same shape:
 *
 *   TesseraStaging staging;
 *   TesseraImage in, out;
 *   TESSERA_CUDA_CHECK (staging.input (src, &in));
 *   TESSERA_CUDA_CHECK (staging.output (dst, &out));
 *   ... kernels from in to out ...
 *   return staging.finish ();
 *
 * so host images are uploaded and downloaded in one place, device images stay
 * where they are, and whatever was allocated is freed on every path. */
#ifndef TESSERA_CUDA_COMMON_CUH
#define TESSERA_CUDA_COMMON_CUH

#include <cuda_runtime.h>
#include <stddef.h>
#include "tessera-cuda.h"

/* cudaErrorMemoryAllocation is TESSERA_ERROR_GPU_OUT_OF_MEMORY, a missing
 * driver or device TESSERA_ERROR_NO_GPU, anything else TESSERA_ERROR_GPU.
 * Clears the runtime's last-error slot so that the next call starts clean. */
TesseraStatus tessera_cuda_status (cudaError_t error);

/* Returns from the enclosing function on failure: with a cudaError_t the
 * mapped status, with a TesseraStatus the status itself. */
#define TESSERA_CUDA_CHECK(call)                                          \
  do                                                                      \
    {                                                                     \
      TesseraStatus tessera_status_ = tessera_cuda_status_of (call);      \
      if (tessera_status_ != TESSERA_OK)                                  \
        return tessera_status_;                                           \
    }                                                                     \
  while (0)

/* After a kernel launch: the launch's own error (bad configuration, no
 * kernel image for this device). */
#define TESSERA_CUDA_CHECK_LAUNCH() TESSERA_CUDA_CHECK (cudaGetLastError ())

static inline TesseraStatus
tessera_cuda_status_of (cudaError_t error)
{
  return tessera_cuda_status (error);
}

static inline TesseraStatus
tessera_cuda_status_of (TesseraStatus status)
{
  return status;
}

/* Device memory owned by the scope that declares it (stream-ordered: freeing
 * does not wait for the device). */
class TesseraDeviceBuffer
{
public:
  TesseraDeviceBuffer () : data_ (NULL), bytes_ (0), stream_ (0) {}
  ~TesseraDeviceBuffer () { release (); }

  /* Allocated and freed in STREAM's order. */
  TesseraStatus allocate (size_t bytes, cudaStream_t stream = 0);
  void          release ();
  template <typename T> T *as () const { return (T *) data_; }
  size_t        bytes () const { return bytes_; }

private:
  TesseraDeviceBuffer (const TesseraDeviceBuffer &);
  TesseraDeviceBuffer &operator= (const TesseraDeviceBuffer &);
  void         *data_;
  size_t        bytes_;
  cudaStream_t  stream_;
};

/* Device views of an operation's images.  input() uploads a host image (a
 * device image is used as it is); output() allocates a device image for a
 * host one, and finish() downloads it.  What was allocated is freed when the
 * staging goes out of scope, finished or not. */
class TesseraStaging
{
public:
  TesseraStaging () : n_owned_ (0), n_downloads_ (0) {}

  TesseraStatus input  (const TesseraImage *image, TesseraImage *device);
  TesseraStatus output (TesseraImage *image, TesseraImage *device);
  /* A device image of the same shape as LIKE, for intermediate results. */
  TesseraStatus scratch (const TesseraImage *like, TesseraImage *device);
  /* Downloads the host outputs (waiting for the device); device outputs
   * are left to the stream, as any CUDA call's. */
  TesseraStatus finish ();

private:
  enum { MAX_IMAGES = 8 };
  TesseraStaging (const TesseraStaging &);
  TesseraStaging &operator= (const TesseraStaging &);
  TesseraStatus allocate_like (const TesseraImage *like, TesseraImage *device);

  TesseraDeviceBuffer owned_[MAX_IMAGES];
  int           n_owned_;
  TesseraImage *download_host_[MAX_IMAGES];
  TesseraImage  download_device_[MAX_IMAGES];
  int           n_downloads_;
};

/* The device image's rows are aligned for LOAD_BYTES-wide accesses. */
static inline bool
tessera_cuda_rows_aligned (const TesseraImage *image, size_t load_bytes)
{
  return (size_t) image->data % load_bytes == 0
      && image->stride % load_bytes == 0;
}

/* Lets KERNEL use SHARED_BYTES of dynamic shared memory (above 48 KiB this
 * must be asked for). */
template <typename Kernel>
static inline cudaError_t
tessera_cuda_allow_shared (Kernel kernel, size_t shared_bytes)
{
  if (shared_bytes <= 48 * 1024)
    return cudaSuccess;
  return cudaFuncSetAttribute (kernel,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int) shared_bytes);
}

static inline unsigned
tessera_cuda_blocks (size_t items, unsigned per_block)
{
  return (unsigned) ((items + per_block - 1) / per_block);
}

#endif
