/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "square-filter.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

typedef struct
{
  int    length;     /* the longest line */
  int    radius;
  bool   maximum;
  float *line;       /* a line as read */
  float *padded;     /* the line between RADIUS neutral samples each side */
  float *forward;    /* running extreme from each block's start */
  float *backward;   /* running extreme to each block's end */
} Lines;

static inline float
pick (const Lines *lines, float a, float b)
{
  return lines->maximum ? fmaxf (a, b) : fminf (a, b);
}

static bool
lines_init (Lines *lines, int length, int radius, bool maximum)
{
  size_t padded = (size_t) length + 2 * (size_t) radius;

  lines->length = length;
  lines->radius = radius;
  lines->maximum = maximum;
  lines->line = malloc ((size_t) length * sizeof (float));
  lines->padded = malloc (padded * sizeof (float));
  lines->forward = malloc (padded * sizeof (float));
  lines->backward = malloc (padded * sizeof (float));
  return lines->line != NULL && lines->padded != NULL
         && lines->forward != NULL && lines->backward != NULL;
}

static void
lines_clear (Lines *lines)
{
  free (lines->line);
  free (lines->padded);
  free (lines->forward);
  free (lines->backward);
}

/* LINE[i] becomes the extreme of LINE[i - r .. i + r] (those inside): the
 * padded line cut into blocks of one window, each window being the end of
 * one block and the start of the next (van Herk / Gil-Werman). */
static void
filter_line (Lines *lines, int n)
{
  int    r = lines->radius;
  int    w = 2 * r + 1, m = n + 2 * r;
  float  neutral = lines->maximum ? -INFINITY : INFINITY;
  float *p = lines->padded, *f = lines->forward, *b = lines->backward;

  for (int i = 0; i < r; i++)
    p[i] = p[r + n + i] = neutral;
  for (int i = 0; i < n; i++)
    p[r + i] = lines->line[i];
  for (int start = 0; start < m; start += w)
    {
      int end = MIN (start + w, m);
      f[start] = p[start];
      for (int i = start + 1; i < end; i++)
        f[i] = pick (lines, f[i - 1], p[i]);
      b[end - 1] = p[end - 1];
      for (int i = end - 2; i >= start; i--)
        b[i] = pick (lines, b[i + 1], p[i]);
    }
  for (int i = 0; i < n; i++)
    lines->line[i] = pick (lines, b[i], f[i + 2 * r]);
}

/* One pass: along the rows (FROM into TO) or the columns (TO in place). */
static TesseraStatus
filter_pass (const TesseraImage *from, TesseraImage *to, int radius,
             bool maximum, bool rows, int threads)
{
  int lines_count = rows ? from->height : from->width;
  int length = rows ? from->width : from->height;
  TesseraStatus status = TESSERA_OK;

  /* A window wider than the line sees all of it. */
  radius = MIN (radius, length - 1);

  #pragma omp parallel num_threads (threads)
  {
    Lines lines;
    bool ok = lines_init (&lines, length, radius, maximum);

    if (!ok)
      {
        #pragma omp atomic write
        status = TESSERA_ERROR_OUT_OF_MEMORY;
      }
    #pragma omp for schedule (static)
    for (int l = 0; l < lines_count; l++)
      for (int c = 0; ok && c < from->channels; c++)
        {
          for (int i = 0; i < length; i++)
            lines.line[i] = rows ? tessera_image_sample (from, i, l, c)
                                 : tessera_image_sample (from, l, i, c);
          filter_line (&lines, length);
          for (int i = 0; i < length; i++)
            if (rows)
              tessera_image_set_sample (to, i, l, c, lines.line[i]);
            else
              tessera_image_set_sample (to, l, i, c, lines.line[i]);
        }
    lines_clear (&lines);
  }
  return status;
}

TesseraStatus
tessera_square_filter (const TesseraImage *src, TesseraImage *dst,
                       int radius, bool maximum, TesseraExec *exec)
{
  TesseraExec   defaults = tessera_exec_default ();
  TesseraStatus status;
  int           threads;

  if ((status = tessera_image_check (src)) != TESSERA_OK
      || (status = tessera_image_check (dst)) != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst) || radius < 0
      || src->memory != TESSERA_MEMORY_HOST
      || dst->memory != TESSERA_MEMORY_HOST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  if (exec == NULL)
    exec = &defaults;
  exec->backend_used = TESSERA_BACKEND_CPU;
  threads = tessera_exec_threads (exec);

  /* Each row reads only itself, so the row pass may write over SRC. */
  status = filter_pass (src, dst, radius, maximum, true, threads);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 0.5))
    status = TESSERA_ERROR_CANCELLED;
  if (status == TESSERA_OK)
    status = filter_pass (dst, dst, radius, maximum, false, threads);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    status = TESSERA_ERROR_CANCELLED;
  return status;
}
