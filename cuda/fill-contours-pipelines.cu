/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — Fill Closed Contours on the GPU: many images (see
 * fill-contours-private.cuh).  FAST on a batch overlaps one image's
 * kernels with the previous image's download on two streams; the PAPER
 * merge pipeline (the CPU fills, the GPU merges) double-buffers pinned
 * memory on two streams. */
#include <stdlib.h>
#include <string.h>
#include <new>
#include "fill-contours-private.cuh"

#ifdef __CUDACC__
using namespace fill_contours_gpu;

/* ------------------------------------------------------------------ */
/* Batches: two slots, each with its stream, so that one slot's copies and
 * kernels overlap the other's. */

/* Host memory, pinned (asynchronous copies, but slow to allocate: it pays
 * from the second image of a batch on) or not. */
class HostBuffer
{
public:
  HostBuffer () : data_ (NULL), pinned_ (false) {}
  ~HostBuffer ()
  {
    if (pinned_)
      cudaFreeHost (data_);
    else
      free (data_);
  }
  TesseraStatus allocate (size_t bytes, bool pinned)
  {
    pinned_ = pinned;
    if (pinned)
      return tessera_cuda_status (cudaHostAlloc (&data_, bytes,
                                                 cudaHostAllocDefault));
    data_ = malloc (bytes);
    return data_ != NULL ? TESSERA_OK : TESSERA_ERROR_OUT_OF_MEMORY;
  }
  template <typename T> T *as () const { return (T *) data_; }

private:
  HostBuffer (const HostBuffer &);
  HostBuffer &operator= (const HostBuffer &);
  void *data_;
  bool  pinned_;
};

/* A packed one-channel u8 view of DATA with LIKE's size. */
static TesseraImage
packed_view (void *data, const TesseraImage *like, TesseraMemory memory)
{
  TesseraImage image = { data, like->width, like->height,
                         (size_t) like->width, 1, TESSERA_U8, memory };
  return image;
}

/* Copies the rows of FROM into TO (host images of one size, any strides). */
static void
copy_rows (const TesseraImage *from, TesseraImage *to)
{
  for (int y = 0; y < from->height; y++)
    memcpy (tessera_image_row (to, y), tessera_image_row (from, y),
            (size_t) from->width);
}

/* A slot of the PAPER merge pipeline. */
struct PipelineSlot
{
  cudaStream_t  stream;
  HostBuffer    host_in, host_out;
  TesseraDeviceBuffer device_in, device_out;
  TesseraImage *pending;          /* the host image the slot's result goes to */
  TesseraImage  host_result;      /* host_out as an image of its size */

  PipelineSlot () : stream (NULL), pending (NULL) {}
  /* The buffers (freed after this) may still be in use on a failure path. */
  ~PipelineSlot ()
  {
    if (stream == NULL)
      return;
    cudaStreamSynchronize (stream);
    cudaStreamDestroy (stream);
  }

  TesseraStatus allocate (size_t in_bytes, size_t out_bytes, bool pinned)
  {
    TESSERA_CUDA_CHECK (cudaStreamCreateWithFlags (&stream,
                                                   cudaStreamNonBlocking));
    TESSERA_CUDA_CHECK (host_in.allocate (in_bytes, pinned));
    TESSERA_CUDA_CHECK (host_out.allocate (out_bytes, pinned));
    TESSERA_CUDA_CHECK (device_in.allocate (in_bytes));
    return device_out.allocate (out_bytes);
  }

  /* Waits for the slot's work and hands its result over. */
  TesseraStatus drain ()
  {
    TESSERA_CUDA_CHECK (cudaStreamSynchronize (stream));
    if (pending != NULL)
      copy_rows (&host_result, pending);
    pending = NULL;
    return TESSERA_OK;
  }

  /* Queues the download of the mask in device_out into INTERIOR. */
  TesseraStatus download (TesseraImage *interior)
  {
    size_t bytes = (size_t) interior->width * interior->height;
    host_result = packed_view (host_out.as<void> (), interior,
                               TESSERA_MEMORY_HOST);
    TESSERA_CUDA_CHECK (cudaMemcpyAsync (host_out.as<void> (),
                                         device_out.as<void> (), bytes,
                                         cudaMemcpyDeviceToHost, stream));
    pending = interior;
    return TESSERA_OK;
  }
};


/* One of FAST's two batch slots: a stream and device memory. */
struct FastSlot
{
  FastScratch         scratch;
  TesseraDeviceBuffer in, out;
  cudaStream_t        stream;

  FastSlot () : stream (NULL) {}
  /* The buffers (freed after this) may still be in use on a failure path. */
  ~FastSlot ()
  {
    if (stream == NULL)
      return;
    cudaStreamSynchronize (stream);
    cudaStreamDestroy (stream);
  }
};

/* Queues the download of SLOT's mask into the host image INTERIOR; from
 * pageable memory this returns when it is done. */
static TesseraStatus
fast_slot_download (FastSlot *slot, TesseraImage *interior)
{
  return tessera_cuda_status (
    cudaMemcpy2DAsync (interior->data, interior->stride, slot->out.as<void> (),
                       (size_t) interior->width, (size_t) interior->width,
                       (size_t) interior->height, cudaMemcpyDeviceToHost,
                       slot->stream));
}

/* FAST on COUNT host images.  The copies go straight from and to the
 * caller's (pageable) memory, staged by the driver, which is quicker than
 * staging them ourselves through pinned buffers with one host thread
 * (bench/RESULTS.md, Fill Closed Contours); what overlaps is image i's
 * kernels with image i-1's download. */
extern "C" TesseraStatus
tessera_cuda_fill_contours_batch (const TesseraImage *contours,
                                  TesseraImage *interior, int count,
                                  const TesseraFillContours *params)
{
  FastSlot slots[2];
  size_t most = 0;
  int most_width = 1, most_height = 1;

  if (count <= 0)
    return count == 0 ? TESSERA_OK : TESSERA_ERROR_INVALID_ARGUMENT;
  if (params->method != TESSERA_FILL_CONTOURS_METHOD_FAST
      && params->method != TESSERA_FILL_CONTOURS_METHOD_AUTO)
    {
      for (int i = 0; i < count; i++)
        TESSERA_CUDA_CHECK (tessera_cuda_fill_contours (&contours[i],
                                                        &interior[i], params));
      return TESSERA_OK;
    }
  for (int i = 0; i < count; i++)
    {
      TESSERA_CUDA_CHECK (tessera_fill_contours_check (&contours[i],
                                                       &interior[i], params));
      if (contours[i].memory != TESSERA_MEMORY_HOST)
        return TESSERA_ERROR_INVALID_ARGUMENT;
      if ((size_t) contours[i].width * contours[i].height > most)
        most = (size_t) contours[i].width * contours[i].height;
      most_width = contours[i].width > most_width ? contours[i].width : most_width;
      most_height = contours[i].height > most_height ? contours[i].height
                                                     : most_height;
    }
  for (int s = 0; s < 2; s++)
    {
      TESSERA_CUDA_CHECK (cudaStreamCreateWithFlags (&slots[s].stream,
                                                     cudaStreamNonBlocking));
      TESSERA_CUDA_CHECK (slots[s].in.allocate (most));
      TESSERA_CUDA_CHECK (slots[s].out.allocate (most));
      /* Enough tiles for any of the images. */
      TESSERA_CUDA_CHECK (slots[s].scratch.allocate (most_width, most_height));
    }
  TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));   /* the allocations */

  for (int i = 0; i < count; i++)
    {
      FastSlot *slot = &slots[i % 2];
      TesseraImage in = packed_view (slot->in.as<void> (), &contours[i],
                                     TESSERA_MEMORY_CUDA);
      TesseraImage out = packed_view (slot->out.as<void> (), &contours[i],
                                      TESSERA_MEMORY_CUDA);
      TESSERA_CUDA_CHECK (cudaMemcpy2DAsync (in.data, in.stride,
                                             contours[i].data,
                                             contours[i].stride,
                                             (size_t) in.width,
                                             (size_t) in.height,
                                             cudaMemcpyHostToDevice,
                                             slot->stream));
      TESSERA_CUDA_CHECK (fast_fill (&in, &out, params->connectivity == 8,
                                     &slot->scratch, slot->stream));
      if (i > 0)
        TESSERA_CUDA_CHECK (fast_slot_download (&slots[(i - 1) % 2],
                                                &interior[i - 1]));
    }
  TESSERA_CUDA_CHECK (fast_slot_download (&slots[(count - 1) % 2],
                                          &interior[count - 1]));
  for (int s = 0; s < 2; s++)
    TESSERA_CUDA_CHECK (cudaStreamSynchronize (slots[s].stream));
  return TESSERA_OK;
}

/* The PAPER merge pipeline of tessera-cuda.h. */
struct TesseraCudaFillMerge
{
  TesseraDeviceBuffer value[2];
  PipelineSlot        slots[2];   /* after VALUE: waits before it is freed */
  int                 next;
  size_t              max_pixels;
  bool                pinned;
};

extern "C" TesseraStatus
tessera_cuda_fill_merge_new (TesseraCudaFillMerge **merge, size_t max_pixels,
                             int images)
{
  TesseraCudaFillMerge *m = new (std::nothrow) TesseraCudaFillMerge ();
  if (m == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  m->next = 0;
  m->max_pixels = max_pixels;
  m->pinned = images > 1;
  *merge = m;
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_labels (TesseraCudaFillMerge *merge,
                                uint32_t **labels)
{
  PipelineSlot *slot = &merge->slots[merge->next % 2];

  /* A slot's memory on its first use: one image needs one slot. */
  if (slot->stream == NULL)
    {
      TESSERA_CUDA_CHECK (slot->allocate (merge->max_pixels * sizeof (unsigned),
                                          merge->max_pixels, merge->pinned));
      TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));
    }
  TESSERA_CUDA_CHECK (slot->drain ());
  *labels = slot->host_in.as<uint32_t> ();
  return TESSERA_OK;
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_submit (TesseraCudaFillMerge *merge,
                                const uint8_t *value, uint32_t label_count,
                                TesseraImage *interior)
{
  int s = merge->next++ % 2;
  PipelineSlot *slot = &merge->slots[s];
  size_t pixels = (size_t) interior->width * interior->height;
  TesseraImage out = packed_view (slot->device_out.as<void> (), interior,
                                  TESSERA_MEMORY_CUDA);

  if (merge->value[s].bytes () < label_count)
    {
      TESSERA_CUDA_CHECK (merge->value[s].allocate (label_count));
      TESSERA_CUDA_CHECK (cudaStreamSynchronize (0));
    }
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (slot->device_in.as<void> (),
                                       slot->host_in.as<void> (),
                                       pixels * sizeof (unsigned),
                                       cudaMemcpyHostToDevice, slot->stream));
  TESSERA_CUDA_CHECK (cudaMemcpyAsync (merge->value[s].as<void> (), value,
                                       label_count, cudaMemcpyHostToDevice,
                                       slot->stream));
  TESSERA_CUDA_CHECK (invert_labels (slot->device_in.as<unsigned> (),
                                     merge->value[s].as<uint8_t> (), &out,
                                     slot->stream));
  return slot->download (interior);
}

extern "C" TesseraStatus
tessera_cuda_fill_merge_finish (TesseraCudaFillMerge *merge)
{
  for (int s = 0; s < 2; s++)
    TESSERA_CUDA_CHECK (merge->slots[s].drain ());
  return TESSERA_OK;
}

extern "C" void
tessera_cuda_fill_merge_free (TesseraCudaFillMerge *merge)
{
  delete merge;
}

#endif
