/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera GPU parity — box blur: tessera_cuda_box_blur (both methods, host
 * and device images, in place or not, device rows aligned or not, and
 * through tessera_box_blur with the CUDA backend) against the CPU's
 * tessera_box_blur, and against the slow reference where that is small
 * enough to run.
 *
 * Integer samples must match exactly.  Float samples are summed in double
 * on both sides, in different orders, so they match within this bound
 * (u = 2^-53, M the largest |term| of a pass, N the window's size):
 *
 *   GPU, FUSED: each window sum comes from the inputs through chains of at
 *   most L = 16 (w + h) + 4 (w / 256 + 16) w + 65536 double roundings (the
 *   running vertical sums down a column, the prefix sums along a block of at
 *   most 4096 samples or, for wide windows, along a row), each off by at
 *   most u times a partial sum no larger than N M; so the mean is off the
 *   exact one by at most B_gpu = L u M.  SAT_TILES: the table's entries are
 *   prefix sums of the whole image (up to w h M), which adds
 *   4 (w / 32 + h / 32 + 8) w h u M / N.
 *
 *   Four float channels from sm_90 on (FUSED's row ring) also round each
 *   row's horizontal window means to float once before summing them down
 *   the columns; each such float enters and leaves the running sum
 *   exactly, so the mean is off by at most 2^-24 times the mean |term| of
 *   the window more: R = 2^-24 M.
 *
 *   CPU: core/box-blur.c states B_cpu = 2 (2rx + 2ry + 6) u M.
 *
 *   Each result is then rounded to float (2^-24 relative), so one pass
 *   differs by at most B_gpu + R + B_cpu + 2^-23 M.  A mean never grows the
 *   largest magnitude, so K passes differ by at most K times that.
 *
 *   Premultiplied colour is sum(c a) / sum(a): with sums off by E_ca and
 *   E_a, the colour is off by at most (E_ca + |colour| E_a) / sum(a).  It is
 *   checked where the CPU's alpha (sum(a) / N) is larger than E_a / N, and
 *   left unchecked where the window's alpha is within rounding of zero,
 *   since any colour is then right.  Alpha is drawn from [0, 1], as GIMP
 *   has it, so colours stay within the inputs' range. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "box-blur.h"
#include "box-blur-ref.h"
#include "note-fallback.h"
#include "parity.h"
#include "tessera-cuda.h"

/* How the GPU gets its images. */
typedef enum
{
  VIA_HOST,            /* host images */
  VIA_HOST_IN_PLACE,   /* one host image, blurred in place */
  VIA_DEVICE,          /* device images */
  VIA_DEVICE_IN_PLACE,
  VIA_DEVICE_SHIFTED,  /* device images whose rows start one sample past
                          an aligned address: no wide or bulk loads */
  VIA_CORE,            /* tessera_box_blur with the CUDA backend */
  VIA_COUNT
} Via;

static const char *const via_names[] = {
  "host", "host-in-place", "device", "device-in-place", "device-shifted",
  "core"
};
static const char *const type_names[] = { "u8", "u16", "f32" };
static const char *const method_names[] = { "auto", "sat-tiles", "fused" };

typedef struct
{
  TesseraImage   src;
  TesseraBoxBlur params;
  Via            via;
  bool           extremes;
  char           name[160];
} Case;

/* The slow reference costs about one operation per pixel and window
 * sample that lies inside the image. */
#define REFERENCE_BUDGET 4e7

static int
random_radius (TestRandom *r, int side)
{
  switch (test_random_int (r, 0, 11))
    {
    case 0:  return 0;
    case 1:  return test_random_int (r, 1, 3);
    case 2:  return test_random_int (r, side, 2 * side + 2);
    case 3:  return TESSERA_BOX_BLUR_MAX_RADIUS;
    case 4:  return test_random_int (r, 0, TESSERA_BOX_BLUR_MAX_RADIUS);
    case 5:  return test_random_int (r, 60, 1200);
    default: return test_random_int (r, 0, 40);
    }
}

/* Alpha samples of float images into [0, 1]. */
static void
clamp_float_alpha (TesseraImage *image)
{
  for (int y = 0; y < image->height; y++)
    {
      float *row = tessera_image_row (image, y);
      for (int x = 0; x < image->width; x++)
        {
          float *a = &row[x * image->channels + image->channels - 1];
          *a = *a < 0.0f ? 0.0f : (*a > 1.0f ? 1.0f : *a);
        }
    }
}

static TesseraStatus
make_source (TestRandom *r, Case *c, int width, int height, int channels,
             TesseraSampleType type)
{
  TesseraStatus status = parity_image_alloc (&c->src, width, height, channels,
                                             type, test_random_int (r, 0, 3)
                                                   == 0);
  if (status != TESSERA_OK)
    return status;
  test_random_fill (r, &c->src, c->extremes);
  if (type == TESSERA_F32 && c->params.has_alpha && channels >= 2)
    clamp_float_alpha (&c->src);
  return TESSERA_OK;
}

static void
describe (Case *c)
{
  snprintf (c->name, sizeof c->name,
            "%s x%d%s %dx%d rx=%d ry=%d it=%d %s %s%s",
            type_names[c->src.type], c->src.channels,
            c->params.has_alpha ? " alpha" : "", c->src.width,
            c->src.height, c->params.radius_x, c->params.radius_y,
            c->params.iterations, method_names[c->params.method],
            via_names[c->via], c->extremes ? " extremes" : "");
}

static TesseraStatus
random_case (TestRandom *r, Case *c)
{
  static const TesseraSampleType types[] = { TESSERA_U8, TESSERA_U16,
                                             TESSERA_F32 };
  int large = test_random_int (r, 0, 7) == 0;
  int width = test_random_side (r, large ? 1500 : 120);
  int height = test_random_side (r, large ? 1500 : 120);
  int channels = test_random_int (r, 1, 4);
  TesseraSampleType type = types[test_random_int (r, 0, 2)];

  memset (c, 0, sizeof *c);
  c->params.radius_x = random_radius (r, width);
  c->params.radius_y = random_radius (r, height);
  c->params.iterations = test_random_int (r, 0, 3) == 0
                         ? test_random_int (r, 2, 4) : 1;
  c->params.has_alpha = channels >= 2 ? test_random_int (r, 0, 3) != 0
                                      : test_random_int (r, 0, 1);
  c->params.method = (TesseraBoxBlurMethod) test_random_int (r, 0, 2);
  c->via = (Via) test_random_int (r, 0, VIA_COUNT - 1);
  c->extremes = type == TESSERA_F32 && test_random_int (r, 0, 1);
  return make_source (r, c, width, height, channels, type);
}

/* A device image VIEW of SRC's shape whose rows start SHIFT bytes past
 * the aligned ones of BUFFER, which the caller frees. */
static TesseraStatus
device_image (const TesseraImage *src, size_t shift, TesseraImage *buffer,
              TesseraImage *view)
{
  TesseraStatus status = tessera_cuda_image_alloc (buffer,
                                                   src->width + (shift > 0),
                                                   src->height, src->channels,
                                                   src->type);
  if (status != TESSERA_OK)
    return status;
  *view = *buffer;
  view->width = src->width;
  view->data = (unsigned char *) buffer->data + shift;
  return TESSERA_OK;
}

/* The GPU's result into the host image DST, by C's way. */
static TesseraStatus
run_gpu (const Case *c, TesseraImage *dst, char *detail, size_t size)
{
  const TesseraImage *src = &c->src;
  TesseraImage bsrc = { 0 }, bdst = { 0 }, dsrc = { 0 }, ddst = { 0 };
  TesseraStatus status = TESSERA_OK;
  size_t shift = c->via == VIA_DEVICE_SHIFTED
                 ? tessera_sample_size (src->type) : 0;

  switch (c->via)
    {
    case VIA_HOST:
      return tessera_cuda_box_blur (src, dst, &c->params);

    case VIA_HOST_IN_PLACE:
      for (int y = 0; y < src->height; y++)
        memcpy (tessera_image_row (dst, y), tessera_image_row (src, y),
                tessera_pixel_size (src) * (size_t) src->width);
      return tessera_cuda_box_blur (dst, dst, &c->params);

    case VIA_DEVICE:
    case VIA_DEVICE_IN_PLACE:
    case VIA_DEVICE_SHIFTED:
      status = device_image (src, shift, &bsrc, &dsrc);
      if (status == TESSERA_OK)
        status = tessera_cuda_image_upload (src, &dsrc);
      if (status == TESSERA_OK && c->via != VIA_DEVICE_IN_PLACE)
        status = device_image (src, shift, &bdst, &ddst);
      if (status == TESSERA_OK)
        {
          TesseraImage *out = c->via == VIA_DEVICE_IN_PLACE ? &dsrc : &ddst;
          status = tessera_cuda_box_blur (&dsrc, out, &c->params);
          if (status == TESSERA_OK)
            status = tessera_cuda_image_download (out, dst);
        }
      if (bsrc.data != NULL)
        tessera_cuda_image_free (&bsrc);
      if (bdst.data != NULL)
        tessera_cuda_image_free (&bdst);
      return status;

    case VIA_CORE:
      {
        TesseraExec exec = tessera_exec_default ();
        TesseraStatus fallback = TESSERA_OK;
        exec.backend = TESSERA_BACKEND_CUDA;
        exec.fallback = note_fallback;
        exec.user_data = &fallback;
        status = tessera_box_blur (src, dst, &c->params, &exec);
        if (status == TESSERA_OK && (fallback != TESSERA_OK
                                     || exec.backend_used
                                        != TESSERA_BACKEND_CUDA))
          {
            snprintf (detail, size, "ran on the CPU: %s",
                      tessera_status_message (fallback));
            return TESSERA_ERROR_GPU;
          }
        return status;
      }

    case VIA_COUNT:
      break;
    }
  return TESSERA_ERROR_INVALID_ARGUMENT;
}

/* The largest |sample| of channels FIRST to LAST. */
static double
largest_magnitude (const TesseraImage *image, int first, int last)
{
  double m = 0.0;
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      for (int c = first; c <= last; c++)
        {
          double v = fabs (tessera_image_sample (image, x, y, c));
          m = v > m ? v : m;
        }
  return m;
}

/* One pass's B_gpu + R + B_cpu + 2^-23 M (the header comment), for terms
 * of magnitude at most M. */
static double
pass_bound (const Case *c, double m)
{
  double w = c->src.width, h = c->src.height;
  double rx = c->params.radius_x, ry = c->params.radius_y;
  double n = (2 * rx + 1) * (2 * ry + 1);
  double gpu = 16 * (w + h) + 4 * (w / 256 + 16) * w + 65536;
  double cpu = 2 * (2 * rx + 2 * ry + 6);
  if (c->params.method == TESSERA_BOX_BLUR_METHOD_SAT_TILES)
    gpu += 4 * (w / 32 + h / 32 + 8) * w * h / n;
  return (gpu + cpu) * 0x1p-53 * m + 0x1p-24 * m + 0x1p-23 * m;
}

/* Whether float results A (the GPU's) and B (the CPU's or the reference's)
 * agree within the header's bound. */
static bool
floats_agree (const Case *c, const TesseraImage *a, const TesseraImage *b,
              char *detail, size_t size)
{
  int ch = c->src.channels, passes = c->params.iterations;
  bool premultiplied = c->params.has_alpha && ch >= 2;
  int last_colour = premultiplied ? ch - 2 : ch - 1;
  double m = largest_magnitude (&c->src, 0, ch - 1);
  /* Later passes premultiply blurred colours and alphas, which stay within
   * the inputs' ranges, so bound |c a| by the product of the largest. */
  double m_ca = premultiplied
                ? largest_magnitude (&c->src, 0, ch - 2)
                  * largest_magnitude (&c->src, ch - 1, ch - 1) : 0.0;
  double plain = passes * pass_bound (c, m);
  double e_ca = passes * pass_bound (c, m_ca);
  double e_a = plain;

  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      for (int k = 0; k < ch; k++)
        {
          double va = tessera_image_sample (a, x, y, k);
          double vb = tessera_image_sample (b, x, y, k);
          double tolerance = plain;
          if (premultiplied && k <= last_colour)
            {
              double alpha = fabs (tessera_image_sample (b, x, y, ch - 1));
              if (alpha <= 2 * e_a)
                continue;
              tolerance = (e_ca + fabs (vb) * e_a) / alpha
                          + 0x1p-23 * fabs (vb);
            }
          if (!(fabs (va - vb) <= tolerance))
            {
              snprintf (detail, size, "x=%d y=%d channel %d: %.9g vs %.9g, "
                        "bound %.3g", x, y, k, va, vb, tolerance);
              return false;
            }
        }
  return true;
}

static bool
results_agree (const Case *c, const TesseraImage *gpu,
               const TesseraImage *other, char *detail, size_t size)
{
  if (c->src.type == TESSERA_F32)
    return floats_agree (c, gpu, other, detail, size);
  return parity_images_equal (gpu, other, detail, size);
}

static double
reference_cost (const Case *c)
{
  double w = c->src.width, h = c->src.height;
  double kx = 2.0 * c->params.radius_x + 1, ky = 2.0 * c->params.radius_y + 1;
  return w * h * (kx < w ? kx : w) * (ky < h ? ky : h) * c->params.iterations;
}

static void
run_case (Parity *p, Case *c)
{
  TesseraImage cpu = { 0 }, gpu = { 0 }, ref = { 0 };
  TesseraExec exec = tessera_exec_default ();
  TesseraStatus status;
  char detail[256] = "";
  const TesseraImage *s = &c->src;

  describe (c);
  exec.backend = TESSERA_BACKEND_CPU;
  status = parity_image_alloc (&cpu, s->width, s->height, s->channels,
                               s->type, false);
  if (status == TESSERA_OK)
    status = parity_image_alloc (&gpu, s->width, s->height, s->channels,
                                 s->type, c->via == VIA_HOST);
  if (status == TESSERA_OK)
    status = tessera_box_blur (s, &cpu, &c->params, &exec);
  if (status != TESSERA_OK)
    {
      snprintf (detail, sizeof detail, "CPU: %s",
                tessera_status_message (status));
      parity_result (p, false, detail, "box-blur %s", c->name);
      goto done;
    }
  status = run_gpu (c, &gpu, detail, sizeof detail);
  if (status != TESSERA_OK)
    {
      if (detail[0] == '\0')
        snprintf (detail, sizeof detail, "GPU: %s",
                  tessera_status_message (status));
      parity_result (p, false, detail, "box-blur %s", c->name);
      goto done;
    }
  parity_result (p, results_agree (c, &gpu, &cpu, detail, sizeof detail),
                 detail, "box-blur %s: GPU = CPU", c->name);

  if (reference_cost (c) <= REFERENCE_BUDGET
      && parity_image_alloc (&ref, s->width, s->height, s->channels, s->type,
                             false) == TESSERA_OK)
    {
      detail[0] = '\0';
      status = box_blur_ref (s, &ref, &c->params);
      if (status != TESSERA_OK)
        snprintf (detail, sizeof detail, "reference: %s",
                  tessera_status_message (status));
      parity_result (p, status == TESSERA_OK
                        && results_agree (c, &gpu, &ref, detail,
                                          sizeof detail),
                     detail, "box-blur %s: GPU = reference", c->name);
    }

done:
  free (cpu.data);
  free (gpu.data);
  free (ref.data);
  free (c->src.data);
  c->src.data = NULL;
}

/* Fixed cases: the benchmark's size, both methods; 1x1 of each type; the
 * 128-bit path (16-bit premultiplied colour under a huge window); FUSED's
 * row ring for four float channels with every rx mod 8 (its kernels),
 * with and without alpha, narrower than a strip, shorter than a window, in
 * place, three passes, and at its widest radius (31). */
static void
run_fixed_cases (Parity *p)
{
  static const struct
  {
    int w, h, channels, type, alpha, rx, ry, it, method, via;
  } fixed[] = {
    { 7680, 4320, 4, TESSERA_U8, 1, 25, 25, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE },
    { 7680, 4320, 4, TESSERA_U8, 1, 25, 25, 1, TESSERA_BOX_BLUR_METHOD_SAT_TILES, VIA_DEVICE },
    { 7680, 4320, 4, TESSERA_F32, 1, 25, 25, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_HOST },
    { 7680, 4320, 4, TESSERA_U8, 1, 25, 25, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE_SHIFTED },
    { 1920, 1080, 4, TESSERA_U8, 1, 500, 500, 3, TESSERA_BOX_BLUR_METHOD_AUTO, VIA_HOST },
    { 1, 1, 1, TESSERA_U8, 0, 5, 5, 2, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_HOST },
    { 1, 1, 4, TESSERA_U16, 1, 0, 1 << 20, 1, TESSERA_BOX_BLUR_METHOD_SAT_TILES, VIA_DEVICE },
    { 1, 1, 2, TESSERA_F32, 1, 1 << 20, 0, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_CORE },
    { 301, 157, 4, TESSERA_U16, 1, 1 << 20, 1 << 20, 2, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE_IN_PLACE },
    { 301, 157, 4, TESSERA_U16, 1, 1 << 20, 1 << 20, 1, TESSERA_BOX_BLUR_METHOD_SAT_TILES, VIA_HOST_IN_PLACE },
    { 1000, 1, 3, TESSERA_U8, 1, 70000, 3, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_HOST },
    { 301, 157, 4, TESSERA_F32, 1, 0, 3, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE },
    { 1000, 300, 4, TESSERA_F32, 1, 1, 30, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE },
    { 517, 89, 4, TESSERA_F32, 0, 10, 7, 1, TESSERA_BOX_BLUR_METHOD_AUTO, VIA_DEVICE },
    { 64, 700, 4, TESSERA_F32, 1, 19, 2, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE_IN_PLACE },
    { 2000, 33, 4, TESSERA_F32, 1, 28, 20, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_HOST },
    { 3, 5, 4, TESSERA_F32, 1, 29, 9, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE },
    { 1500, 1500, 4, TESSERA_F32, 0, 14, 14, 3, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_DEVICE },
    { 777, 211, 4, TESSERA_F32, 1, 31, 1, 1, TESSERA_BOX_BLUR_METHOD_FUSED, VIA_CORE },
  };

  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    {
      Case c;
      memset (&c, 0, sizeof c);
      c.params.radius_x = fixed[i].rx;
      c.params.radius_y = fixed[i].ry;
      c.params.iterations = fixed[i].it;
      c.params.has_alpha = fixed[i].alpha;
      c.params.method = (TesseraBoxBlurMethod) fixed[i].method;
      c.via = (Via) fixed[i].via;
      if (make_source (&p->random, &c, fixed[i].w, fixed[i].h,
                       fixed[i].channels, (TesseraSampleType) fixed[i].type)
          != TESSERA_OK)
        {
          parity_result (p, false, "out of memory", "box-blur fixed case %zu",
                         i);
          continue;
        }
      run_case (p, &c);
    }
}

void
parity_box_blur (Parity *p)
{
  run_fixed_cases (p);
  for (int i = 0; i < p->cases; i++)
    {
      Case c;
      if (random_case (&p->random, &c) != TESSERA_OK)
        {
          parity_result (p, false, "out of memory", "box-blur case %d", i);
          continue;
        }
      run_case (p, &c);
    }
}
