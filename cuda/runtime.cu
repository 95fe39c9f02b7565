/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the CUDA runtime part: probe, device images, transfers, timing,
 * and the staging helpers of common.cuh. */
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include "common.cuh"

TesseraStatus
tessera_cuda_status (cudaError_t error)
{
  if (error == cudaSuccess)
    return TESSERA_OK;
  /* Non-sticky errors stay in the last-error slot until read. */
  cudaGetLastError ();
  switch (error)
    {
    case cudaErrorMemoryAllocation:
      return TESSERA_ERROR_GPU_OUT_OF_MEMORY;
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorInitializationError:
    case cudaErrorInvalidDevice:
    case cudaErrorDevicesUnavailable:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorCompatNotSupportedOnDevice:
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion:
      return TESSERA_ERROR_NO_GPU;
    default:
      return TESSERA_ERROR_GPU;
    }
}

/* The oldest device our fatbinary runs on: it carries compute_75 PTX. */
#define TESSERA_CUDA_MIN_CAPABILITY 75

extern "C" TesseraStatus
tessera_cuda_probe (void)
{
  int count = 0;
  int major = 0, minor = 0;

  /* cudart is linked statically: with no driver this returns an error
   * (cudaErrorInsufficientDriver) rather than failing to load. */
  if (cudaGetDeviceCount (&count) != cudaSuccess || count < 1)
    {
      cudaGetLastError ();
      return TESSERA_ERROR_NO_GPU;
    }
  if (cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, 0)
        != cudaSuccess
      || cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, 0)
        != cudaSuccess
      || major * 10 + minor < TESSERA_CUDA_MIN_CAPABILITY)
    {
      cudaGetLastError ();
      return TESSERA_ERROR_NO_GPU;
    }
  /* Creates the context now, so that a broken driver shows here. */
  return tessera_cuda_status (cudaFree (0));
}

extern "C" TesseraStatus
tessera_cuda_image_alloc (TesseraImage *device, int width, int height,
                          int channels, TesseraSampleType type)
{
  TesseraImage image = tessera_image_view ((void *) 256, width, height,
                                           channels, type);
  TesseraStatus status = tessera_image_check (&image);
  void *data = NULL;
  size_t pitch = 0;

  if (status != TESSERA_OK)
    return status;
  /* Pitched rows: every row starts aligned, so kernels use wide loads. */
  status = tessera_cuda_status (cudaMallocPitch (&data, &pitch, image.stride,
                                                 (size_t) height));
  if (status != TESSERA_OK)
    return status;
  image.data = data;
  image.stride = pitch;
  image.memory = TESSERA_MEMORY_CUDA;
  *device = image;
  return TESSERA_OK;
}

extern "C" void
tessera_cuda_image_free (TesseraImage *device)
{
  if (device->data != NULL)
    cudaFree (device->data);
  device->data = NULL;
}

static TesseraStatus
copy_image (const TesseraImage *from, TesseraImage *to,
            TesseraMemory from_memory, TesseraMemory to_memory,
            cudaMemcpyKind kind)
{
  TesseraStatus status = tessera_image_check (from);
  if (status == TESSERA_OK)
    status = tessera_image_check (to);
  if (status != TESSERA_OK)
    return status;
  if (from->memory != from_memory || to->memory != to_memory
      || !tessera_image_same_shape (from, to))
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return tessera_cuda_status (
    cudaMemcpy2D (to->data, to->stride, from->data, from->stride,
                  tessera_pixel_size (from) * (size_t) from->width,
                  (size_t) from->height, kind));
}

extern "C" TesseraStatus
tessera_cuda_image_upload (const TesseraImage *host, TesseraImage *device)
{
  return copy_image (host, device, TESSERA_MEMORY_HOST, TESSERA_MEMORY_CUDA,
                     cudaMemcpyHostToDevice);
}

extern "C" TesseraStatus
tessera_cuda_image_download (const TesseraImage *device, TesseraImage *host)
{
  return copy_image (device, host, TESSERA_MEMORY_CUDA, TESSERA_MEMORY_HOST,
                     cudaMemcpyDeviceToHost);
}

/* Events of one timing session, destroyed on every path. */
class TimingEvents
{
public:
  TimingEvents () : start (NULL), stop (NULL) {}
  ~TimingEvents ()
  {
    if (start != NULL)
      cudaEventDestroy (start);
    if (stop != NULL)
      cudaEventDestroy (stop);
  }
  cudaEvent_t start, stop;
};

static TesseraStatus
time_one_run (TesseraCudaTimedFunc fn, void *arg, TimingEvents *events,
              double *ms)
{
  float elapsed = 0.0f;
  TesseraStatus status;

  TESSERA_CUDA_CHECK (cudaEventRecord (events->start, 0));
  status = fn (arg);
  if (status != TESSERA_OK)
    return status;
  TESSERA_CUDA_CHECK (cudaEventRecord (events->stop, 0));
  TESSERA_CUDA_CHECK (cudaEventSynchronize (events->stop));
  TESSERA_CUDA_CHECK (cudaEventElapsedTime (&elapsed, events->start,
                                            events->stop));
  *ms = elapsed;
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_time (TesseraCudaTimedFunc fn, void *arg, int warmup, int repeat,
                   double *median_ms, double *min_ms)
{
  TimingEvents events;
  double *times;
  TesseraStatus status = TESSERA_OK;

  if (fn == NULL || repeat < 1 || warmup < 0)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (cudaEventCreate (&events.start));
  TESSERA_CUDA_CHECK (cudaEventCreate (&events.stop));
  for (int i = 0; i < warmup && status == TESSERA_OK; i++)
    status = fn (arg);
  if (status == TESSERA_OK)
    status = tessera_cuda_status (cudaDeviceSynchronize ());
  if (status != TESSERA_OK)
    return status;

  times = (double *) malloc (sizeof (double) * (size_t) repeat);
  if (times == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (int i = 0; i < repeat && status == TESSERA_OK; i++)
    status = time_one_run (fn, arg, &events, &times[i]);
  if (status == TESSERA_OK)
    {
      std::sort (times, times + repeat);
      *median_ms = repeat % 2 ? times[repeat / 2]
                              : 0.5 * (times[repeat / 2 - 1] + times[repeat / 2]);
      *min_ms = times[0];
    }
  free (times);
  return status;
}

/* The staging helpers of common.cuh.  Their memory comes from the
 * stream-ordered allocator: no implicit synchronisation, and a pool that
 * keeps memory between calls, so an operation's scratch costs no driver
 * round trip after the first call. */

static void
keep_pool_memory (void)
{
  static bool done = false;
  cudaMemPool_t pool;
  int device = 0;
  unsigned long long keep_all = ~0ull;

  if (done || cudaGetDevice (&device) != cudaSuccess
      || cudaDeviceGetDefaultMemPool (&pool, device) != cudaSuccess)
    return;
  cudaMemPoolSetAttribute (pool, cudaMemPoolAttrReleaseThreshold, &keep_all);
  done = true;
}

TesseraStatus
TesseraDeviceBuffer::allocate (size_t bytes, cudaStream_t stream)
{
  release ();
  if (bytes == 0)
    return TESSERA_OK;
  keep_pool_memory ();
  TESSERA_CUDA_CHECK (cudaMallocAsync (&data_, bytes, stream));
  stream_ = stream;
  bytes_ = bytes;
  return TESSERA_OK;
}

void
TesseraDeviceBuffer::release ()
{
  if (data_ != NULL)
    cudaFreeAsync (data_, stream_);
  data_ = NULL;
  bytes_ = 0;
}

/* Rows of staged images start on this many bytes, for wide loads. */
#define STAGED_ROW_ALIGNMENT 256

TesseraStatus
TesseraStaging::allocate_like (const TesseraImage *like, TesseraImage *device)
{
  TesseraImage image = tessera_image_view ((void *) STAGED_ROW_ALIGNMENT,
                                           like->width, like->height,
                                           like->channels, like->type);
  if (n_owned_ == MAX_IMAGES)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (tessera_image_check (&image));
  image.stride = (image.stride + STAGED_ROW_ALIGNMENT - 1)
                 / STAGED_ROW_ALIGNMENT * STAGED_ROW_ALIGNMENT;
  TESSERA_CUDA_CHECK (owned_[n_owned_].allocate (image.stride
                                                 * (size_t) image.height));
  image.data = owned_[n_owned_++].as<void> ();
  image.memory = TESSERA_MEMORY_CUDA;
  *device = image;
  return TESSERA_OK;
}

TesseraStatus
TesseraStaging::input (const TesseraImage *image, TesseraImage *device)
{
  TESSERA_CUDA_CHECK (tessera_image_check (image));
  if (image->memory == TESSERA_MEMORY_CUDA)
    {
      *device = *image;
      return TESSERA_OK;
    }
  TESSERA_CUDA_CHECK (allocate_like (image, device));
  return tessera_cuda_image_upload (image, device);
}

TesseraStatus
TesseraStaging::output (TesseraImage *image, TesseraImage *device)
{
  TESSERA_CUDA_CHECK (tessera_image_check (image));
  if (image->memory == TESSERA_MEMORY_CUDA)
    {
      *device = *image;
      return TESSERA_OK;
    }
  if (n_downloads_ == MAX_IMAGES)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  TESSERA_CUDA_CHECK (allocate_like (image, device));
  download_host_[n_downloads_] = image;
  download_device_[n_downloads_] = *device;
  n_downloads_++;
  return TESSERA_OK;
}

TesseraStatus
TesseraStaging::scratch (const TesseraImage *like, TesseraImage *device)
{
  return allocate_like (like, device);
}

TesseraStatus
TesseraStaging::finish ()
{
  /* Downloads wait for the kernels; device outputs stay asynchronous, as
   * any CUDA call, and report launch errors only. */
  for (int i = 0; i < n_downloads_; i++)
    TESSERA_CUDA_CHECK (tessera_cuda_image_download (&download_device_[i],
                                                     download_host_[i]));
  return tessera_cuda_status (cudaGetLastError ());
}
