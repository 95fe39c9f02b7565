/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include "input.h"

static bool input_saved;

/* splitmix64 step: a different stream per row, so rows fill in parallel and
 * the noise does not depend on the thread count. */
static uint64_t
next_random (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void
bench_fill_noise (TesseraImage *image, uint64_t seed)
{
  size_t samples = (size_t) image->width * (size_t) image->channels;

  #pragma omp parallel for schedule(static)
  for (int y = 0; y < image->height; y++)
    {
      uint64_t state = seed * 0x100000001b3ull + (uint64_t) y;
      void *row = tessera_image_row (image, y);
      for (size_t i = 0; i < samples; i++)
        {
          uint64_t bits = next_random (&state);
          switch (image->type)
            {
            case TESSERA_U8:  ((uint8_t *) row)[i] = (uint8_t) bits; break;
            case TESSERA_U16: ((uint16_t *) row)[i] = (uint16_t) bits; break;
            case TESSERA_F32:
              ((float *) row)[i] = (float) (bits >> 40) * (1.0f / 16777216.0f);
              break;
            }
        }
    }

  /* A benchmark on zeros would flatter anything that skips them. */
  switch (image->type)
    {
    case TESSERA_U8:  *(uint8_t *) image->data |= 1; break;
    case TESSERA_U16: *(uint16_t *) image->data |= 1; break;
    case TESSERA_F32:
      if (*(float *) image->data == 0.0f)
        *(float *) image->data = 0.5f;
      break;
    }
}

static void
say_file_error (const char *path, const char *why)
{
  fprintf (stderr, "tessera-bench: %s: %s\n", path, why);
}

TesseraStatus
bench_read_image (const char *path, TesseraImage *image, PnmFormat *format)
{
  const char *why = NULL;
  TesseraStatus status = pnm_read (path, image, format, &why);
  if (status != TESSERA_OK)
    say_file_error (path, why);
  return status;
}

TesseraStatus
bench_write_image (const char *path, const TesseraImage *image,
                   const PnmFormat *input_format)
{
  PnmFormat format = pnm_format_like (image, input_format);
  const char *why = NULL;
  TesseraStatus status = pnm_write (path, image, &format, &why);
  if (status != TESSERA_OK)
    say_file_error (path, why);
  return status;
}

static TesseraStatus
make_noise (const BenchConfig *config, int channels, TesseraSampleType type,
            TesseraImage *image, PnmFormat *format)
{
  TesseraStatus status;

  if (config->width == 0 || config->height == 0)
    {
      fprintf (stderr, "tessera-bench: give --input FILE, or --width W and "
               "--height H for a random image\n");
      return TESSERA_ERROR_INVALID_ARGUMENT;
    }
  if (config->channels != 0)
    channels = config->channels;
  if (config->type >= 0)
    type = (TesseraSampleType) config->type;

  status = tessera_image_alloc (image, config->width, config->height,
                                channels, type);
  if (status != TESSERA_OK)
    return status;
  bench_fill_noise (image, config->seed);
  *format = pnm_format_like (image, NULL);
  return TESSERA_OK;
}

TesseraStatus
bench_input_image (const BenchConfig *config, int channels,
                   TesseraSampleType type, TesseraImage *image,
                   PnmFormat *format)
{
  TesseraStatus status;

  if (config->input_path != NULL)
    status = bench_read_image (config->input_path, image, format);
  else
    status = make_noise (config, channels, type, image, format);
  if (status != TESSERA_OK)
    return status;
  status = bench_save_input (config, image, format);
  if (status != TESSERA_OK)
    tessera_image_free (image);
  return status;
}

TesseraStatus
bench_save_input (const BenchConfig *config, const TesseraImage *image,
                  const PnmFormat *format)
{
  TesseraStatus status;

  if (config->save_input_path == NULL)
    return TESSERA_OK;
  status = bench_write_image (config->save_input_path, image, format);
  input_saved = status == TESSERA_OK;
  return status;
}

bool
bench_input_saved (void)
{
  return input_saved;
}
