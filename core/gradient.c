/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdlib.h>
#include "gradient.h"

static float
luminance_at (const TesseraImage *image, int x, int y)
{
  /* Rec. 709 weights on the stored values; grey images are their own. */
  static const float weights[3] = { 0.2126f, 0.7152f, 0.0722f };
  const uint8_t *row = tessera_image_row (image, y);
  int colours = image->channels >= 3 ? 3 : 1;
  float sum = 0.0f;

  for (int c = 0; c < colours; c++)
    {
      size_t i = (size_t) x * image->channels + c;
      float v = 0.0f;
      switch (image->type)
        {
        case TESSERA_U8:  v = row[i] / 255.0f; break;
        case TESSERA_U16: v = ((const uint16_t *) row)[i] / 65535.0f; break;
        case TESSERA_F32: v = ((const float *) row)[i]; break;
        }
      sum += colours == 1 ? v : weights[c] * v;
    }
  return sum;
}

static int
clamp_int (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

int
tessera_gradient_reach (double sigma)
{
  return 1 + (sigma > 0.0 ? (int) ceil (3.0 * sigma) : 0);
}

/* Normalised Gaussian taps for offsets -radius..radius. */
static float *
gaussian_taps (double sigma, int *radius)
{
  int r = tessera_gradient_reach (sigma) - 1;
  float *taps = malloc (sizeof (float) * (2 * r + 1));
  double sum = 0.0;

  if (taps == NULL)
    return NULL;
  for (int i = -r; i <= r; i++)
    sum += r > 0 ? exp (-0.5 * i * i / (sigma * sigma)) : 1.0;
  for (int i = -r; i <= r; i++)
    taps[i + r] = (float) ((r > 0 ? exp (-0.5 * i * i / (sigma * sigma)) : 1.0) / sum);
  *radius = r;
  return taps;
}

/* Blurred luminance over the window grown by one pixel on each side (for
 * Sobel), built separably: luminance of the window grown by the blur radius
 * too, then rows, then columns. */
static float *
blurred_luminance (const TesseraImage *image, int x0, int y0, int w, int h,
                   double sigma, int threads)
{
  int r, gw = w + 2, gh = h + 2;
  float *taps = gaussian_taps (sigma, &r);
  int lw = gw + 2 * r, lh = gh + 2 * r;
  float *lum = malloc (sizeof (float) * (size_t) lw * lh);
  float *across = malloc (sizeof (float) * (size_t) gw * lh);
  float *out = malloc (sizeof (float) * (size_t) gw * gh);

  if (taps == NULL || lum == NULL || across == NULL || out == NULL)
    {
      free (taps); free (lum); free (across); free (out);
      return NULL;
    }

  #pragma omp parallel num_threads (threads)
  {
    #pragma omp for schedule (static)
    for (int j = 0; j < lh; j++)
      {
        int y = clamp_int (y0 - 1 - r + j, 0, image->height - 1);
        for (int i = 0; i < lw; i++)
          lum[(size_t) j * lw + i] =
            luminance_at (image, clamp_int (x0 - 1 - r + i, 0,
                                            image->width - 1), y);
      }

    #pragma omp for schedule (static)
    for (int j = 0; j < lh; j++)
      for (int i = 0; i < gw; i++)
        {
          const float *src = lum + (size_t) j * lw + i;
          float s = 0.0f;
          for (int t = 0; t <= 2 * r; t++)
            s += taps[t] * src[t];
          across[(size_t) j * gw + i] = s;
        }

    #pragma omp for schedule (static)
    for (int j = 0; j < gh; j++)
      for (int i = 0; i < gw; i++)
        {
          float s = 0.0f;
          for (int t = 0; t <= 2 * r; t++)
            s += taps[t] * across[(size_t) (j + t) * gw + i];
          out[(size_t) j * gw + i] = s;
        }
  }

  free (taps);
  free (lum);
  free (across);
  return out;
}

TesseraStatus
tessera_gradient_compute (const TesseraImage *image, int x0, int y0,
                          int width, int height, double sigma,
                          TesseraGradient *gradient, TesseraExec *exec)
{
  TesseraStatus status = tessera_image_check (image);
  int threads = tessera_exec_threads (exec);
  size_t count;
  float *lum;

  if (status != TESSERA_OK)
    return status;
  if (image->memory != TESSERA_MEMORY_HOST || width <= 0 || height <= 0
      || !(sigma >= 0.0 && sigma <= TESSERA_GRADIENT_MAX_SIGMA))
    return TESSERA_ERROR_INVALID_ARGUMENT;

  count = (size_t) width * height;
  lum = blurred_luminance (image, x0, y0, width, height, sigma, threads);
  gradient->gx = malloc (sizeof (float) * count);
  gradient->gy = malloc (sizeof (float) * count);
  if (lum == NULL || gradient->gx == NULL || gradient->gy == NULL)
    {
      free (lum);
      tessera_gradient_free (gradient);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  gradient->x0 = x0;
  gradient->y0 = y0;
  gradient->width = width;
  gradient->height = height;

  #pragma omp parallel for num_threads (threads) schedule (static)
  for (int j = 0; j < height; j++)
    for (int i = 0; i < width; i++)
      {
        /* The blurred window has a one-pixel border: (i+1, j+1) is (i, j). */
        const float *up = lum + (size_t) j * (width + 2) + i;
        const float *mid = up + width + 2, *down = mid + width + 2;
        float gx = (up[2] + 2.0f * mid[2] + down[2])
                 - (up[0] + 2.0f * mid[0] + down[0]);
        float gy = (down[0] + 2.0f * down[1] + down[2])
                 - (up[0] + 2.0f * up[1] + up[2]);
        gradient->gx[(size_t) j * width + i] = gx * 0.125f;
        gradient->gy[(size_t) j * width + i] = gy * 0.125f;
      }
  free (lum);
  return TESSERA_OK;
}

void
tessera_gradient_free (TesseraGradient *gradient)
{
  free (gradient->gx);
  free (gradient->gy);
  gradient->gx = gradient->gy = NULL;
}
