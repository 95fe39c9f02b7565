#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "colour-histogram.h"

/* One counter per 24-bit colour: 64 MiB, but a photo's pixels touch it in
 * far fewer places than a hash table would cost in probing, and the dense
 * list falls out of one scan, already sorted. */
#define N_KEYS (1u << 24)

uint8_t
tessera_quantise_u16 (uint16_t value)
{
  return (uint8_t) (((uint32_t) value * 255u + 32767u) / 65535u);
}

uint8_t
tessera_quantise_f32 (float value)
{
  if (!(value > 0.0f))          /* also NaN */
    return 0;
  if (value >= 1.0f)
    return 255;
  return (uint8_t) lrint ((double) value * 255.0);
}

static inline uint32_t
grey_key (uint32_t v)
{
  return v * 0x010101u;
}

static inline uint32_t
rgb_key (uint32_t r, uint32_t g, uint32_t b)
{
  return r << 16 | g << 8 | b;
}

/* The 24-bit colour of every pixel of row Y. */
static void
row_keys (const TesseraImage *image, int y, uint32_t *keys)
{
  const int c = image->channels;
  const int coloured = c >= 3;
  const void *row = tessera_image_row (image, y);

  switch (image->type)
    {
    case TESSERA_U8:
      {
        const uint8_t *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (p[0], p[1], p[2]) : grey_key (p[0]);
        break;
      }
    case TESSERA_U16:
      {
        const uint16_t *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (tessera_quantise_u16 (p[0]),
                                        tessera_quantise_u16 (p[1]),
                                        tessera_quantise_u16 (p[2]))
                             : grey_key (tessera_quantise_u16 (p[0]));
        break;
      }
    case TESSERA_F32:
      {
        const float *p = row;
        for (int x = 0; x < image->width; x++, p += c)
          keys[x] = coloured ? rgb_key (tessera_quantise_f32 (p[0]),
                                        tessera_quantise_f32 (p[1]),
                                        tessera_quantise_f32 (p[2]))
                             : grey_key (tessera_quantise_f32 (p[0]));
        break;
      }
    }
}

/* Adds a row's keys to the shared counters.  Photos have long runs of one
 * colour, so a run costs one atomic add, not one per pixel. */
static void
count_keys (const uint32_t *keys, int n, uint32_t *table)
{
  int start = 0;
  for (int x = 1; x <= n; x++)
    if (x == n || keys[x] != keys[start])
      {
        __atomic_fetch_add (&table[keys[start]], (uint32_t) (x - start),
                            __ATOMIC_RELAXED);
        start = x;
      }
}

/* Turns the counter table into the dense, sorted colour list, and leaves in
 * each used counter the index of its colour. */
static TesseraStatus
collect_colours (uint32_t *table, TesseraColourHistogram *histogram,
                 int threads)
{
  size_t block_used[threads + 1];
  const uint32_t block = (N_KEYS + threads - 1) / threads;

  #pragma omp parallel for num_threads (threads)
  for (int t = 0; t < threads; t++)
    {
      uint32_t end = t == threads - 1 ? N_KEYS : (uint32_t) (t + 1) * block;
      size_t used = 0;
      for (uint32_t key = (uint32_t) t * block; key < end; key++)
        used += table[key] != 0;
      block_used[t + 1] = used;
    }
  block_used[0] = 0;
  for (int t = 0; t < threads; t++)
    block_used[t + 1] += block_used[t];

  histogram->n_colours = block_used[threads];
  histogram->colours = malloc (3 * histogram->n_colours + 1);
  histogram->counts = malloc (sizeof (uint32_t) * histogram->n_colours + 1);
  if (histogram->colours == NULL || histogram->counts == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;

  #pragma omp parallel for num_threads (threads)
  for (int t = 0; t < threads; t++)
    {
      uint32_t end = t == threads - 1 ? N_KEYS : (uint32_t) (t + 1) * block;
      size_t i = block_used[t];
      for (uint32_t key = (uint32_t) t * block; key < end; key++)
        if (table[key] != 0)
          {
            histogram->colours[3 * i + 0] = (uint8_t) (key >> 16);
            histogram->colours[3 * i + 1] = (uint8_t) (key >> 8);
            histogram->colours[3 * i + 2] = (uint8_t) key;
            histogram->counts[i] = table[key];
            table[key] = (uint32_t) i++;
          }
    }
  return TESSERA_OK;
}

static TesseraStatus
check_image (const TesseraImage *image)
{
  TesseraStatus status = tessera_image_check (image);
  if (status != TESSERA_OK)
    return status;
  if (image->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (image->width == 0 || image->height == 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  if ((uint64_t) image->width * (uint64_t) image->height >= UINT32_MAX)
    return TESSERA_ERROR_TOO_LARGE;
  return TESSERA_OK;
}

TesseraStatus
tessera_colour_histogram (const TesseraImage *image,
                          TesseraColourHistogram *histogram,
                          TesseraExec *exec)
{
  TesseraExec defaults = tessera_exec_default ();
  TesseraStatus status = check_image (image);
  size_t n_pixels;
  uint32_t *table;
  int threads;

  memset (histogram, 0, sizeof *histogram);
  if (status != TESSERA_OK)
    return status;
  if (exec == NULL)
    exec = &defaults;
  exec->backend_used = TESSERA_BACKEND_CPU;
  threads = tessera_exec_threads (exec);

  n_pixels = (size_t) image->width * (size_t) image->height;
  histogram->width = image->width;
  histogram->height = image->height;
  histogram->quantised = image->type != TESSERA_U8;
  histogram->pixel_colour = malloc (sizeof (uint32_t) * n_pixels);
  table = calloc (N_KEYS, sizeof (uint32_t));
  if (histogram->pixel_colour == NULL || table == NULL)
    {
      status = TESSERA_ERROR_OUT_OF_MEMORY;
      goto out;
    }

  /* First the keys go where the indices will be, then they are replaced. */
  #pragma omp parallel for schedule (static) num_threads (threads)
  for (int y = 0; y < image->height; y++)
    {
      uint32_t *keys = histogram->pixel_colour + (size_t) y * image->width;
      row_keys (image, y, keys);
      count_keys (keys, image->width, table);
    }
  if (!tessera_exec_progress (exec, 0.5))
    {
      status = TESSERA_ERROR_CANCELLED;
      goto out;
    }

  status = collect_colours (table, histogram, threads);
  if (status != TESSERA_OK)
    goto out;

  #pragma omp parallel for schedule (static) num_threads (threads)
  for (size_t i = 0; i < n_pixels; i++)
    histogram->pixel_colour[i] = table[histogram->pixel_colour[i]];
  tessera_exec_progress (exec, 1.0);

out:
  free (table);
  if (status != TESSERA_OK)
    tessera_colour_histogram_free (histogram);
  return status;
}

void
tessera_colour_histogram_free (TesseraColourHistogram *histogram)
{
  free (histogram->colours);
  free (histogram->counts);
  free (histogram->pixel_colour);
  memset (histogram, 0, sizeof *histogram);
}
