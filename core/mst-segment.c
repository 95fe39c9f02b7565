/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "mst-segment.h"
#include "mst-tree.h"
#include "mst-weighted.h"
#include "srgb-lab.h"

#define NONE TESSERA_MST_NONE

/* ---- cutting ------------------------------------------------------------ */

/* Weights taken out of subtrees by cuts, summed over preorder ranges. */
typedef struct
{
  size_t   n;
  int64_t *sum;
} Fenwick;

static void
fenwick_add (Fenwick *f, size_t i, int64_t value)
{
  for (i++; i <= f->n; i += i & -i)
    f->sum[i] += value;
}

static int64_t
fenwick_prefix (const Fenwick *f, size_t end)   /* positions [0, end) */
{
  int64_t s = 0;
  for (size_t i = end; i > 0; i -= i & -i)
    s += f->sum[i];
  return s;
}

/* Each cut vertex holds in the Fenwick tree the weight of the class it
 * heads, so a subtree's own class weighs its weight less what the cuts
 * inside it hold. */
static int64_t
class_weight (const TesseraMstTree *t, const Fenwick *f, uint32_t head)
{
  return t->subtree[head] - (fenwick_prefix (f, t->tout[head] + 1)
                             - fenwick_prefix (f, t->tin[head] + 1));
}

/* The head of V's class: the nearest cut ancestor (or V itself, or the
 * root). */
static uint32_t
class_head (const TesseraMstTree *t, const uint32_t *heads, int n_heads,
            uint32_t v)
{
  uint32_t best = 0;
  for (int i = 1; i < n_heads; i++)
    {
      uint32_t h = heads[i];
      if (t->tin[h] <= t->tin[v] && t->tin[v] <= t->tout[h]
          && t->tin[h] > t->tin[best])
        best = h;
    }
  return best;
}

/* Cuts CANDIDATES (sorted by the edge order), longest first, up to
 * MAX_CLASSES classes, skipping cuts that leave a class lighter than
 * MIN_WEIGHT.  HEADS receives the root and the child side of each cut. */
static TesseraStatus
cut_longest (const TesseraMstTree *t, const TesseraEmstEdge *candidates,
             size_t n_candidates, int max_classes, double min_weight,
             uint32_t *heads, int *n_heads)
{
  Fenwick f = { t->n, calloc (t->n + 1, sizeof (int64_t)) };

  if (f.sum == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  heads[0] = 0;
  *n_heads = 1;
  for (size_t i = n_candidates; i-- > 0 && *n_heads < max_classes;)
    {
      uint32_t a = candidates[i].a, b = candidates[i].b;
      uint32_t child = t->parent[a] == b ? a : b;
      uint32_t head;
      int64_t below = class_weight (t, &f, child), above;

      if (below < min_weight)
        continue;
      head = class_head (t, heads, *n_heads, t->parent[child]);
      above = class_weight (t, &f, head) - below;
      if (above < min_weight)
        continue;
      fenwick_add (&f, t->tin[child], below);
      if (head != 0)
        fenwick_add (&f, t->tin[head], -below);
      heads[(*n_heads)++] = child;
    }
  free (f.sum);
  return TESSERA_OK;
}

/* Sum and number of the edges within two steps of U, not through V: each
 * neighbour X brings the edge U-X and its own other edges, that is all the
 * edges at X. */
static void
side_lengths (const TesseraMstTree *t, const double *incident, uint32_t u,
              uint32_t v, double *sum, size_t *count)
{
  for (uint32_t i = t->adj_start[u]; i < t->adj_start[u + 1]; i++)
    {
      uint32_t x = t->adj[i];
      if (x == v)
        continue;
      *sum += incident[x];
      *count += t->adj_start[x + 1] - t->adj_start[x];
    }
}

/* Zahn's test: whether EDGE is longer than FACTOR times the mean of the
 * edges near it, on each side that has some. */
static bool
is_inconsistent (const TesseraMstTree *t, const double *incident,
                 const TesseraEmstEdge *edge, double factor)
{
  double length = sqrt (edge->distance2);
  bool any_side = false;
  uint32_t ends[2] = { edge->a, edge->b };

  for (int s = 0; s < 2; s++)
    {
      double sum = 0.0;
      size_t count = 0;
      side_lengths (t, incident, ends[s], ends[1 - s], &sum, &count);
      if (count == 0)
        continue;
      if (!(length > factor * sum / (double) count))
        return false;
      any_side = true;
    }
  return any_side;
}

/* Keeps the inconsistent edges of SORTED (in place, order kept). */
static TesseraStatus
keep_inconsistent (const TesseraMstTree *t, TesseraEmstEdge *sorted,
                   size_t *n_edges, double sensitivity)
{
  double *incident = calloc (t->n, sizeof (double));
  const double factor = 1.0 + 1.0 / sensitivity;
  size_t kept = 0;

  if (incident == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  for (size_t v = 0; v < t->n; v++)
    for (uint32_t i = t->adj_start[v]; i < t->adj_start[v + 1]; i++)
      incident[v] += t->adj_length[i];
  for (size_t i = 0; i < *n_edges; i++)
    if (is_inconsistent (t, incident, &sorted[i], factor))
      sorted[kept++] = sorted[i];
  *n_edges = kept;
  free (incident);
  return TESSERA_OK;
}

/* Classes from the cut heads, numbered in order of their first vertex. */
static int
label_vertices (const TesseraMstTree *t, const uint32_t *heads, int n_heads,
                uint32_t *vertex_class)
{
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int n_classes = 0;

  for (int h = 0; h < n_heads; h++)
    {
      vertex_class[heads[h]] = (uint32_t) h;
      renumber[h] = NONE;
    }
  for (size_t i = 1; i < t->n; i++)
    {
      uint32_t v = t->preorder[i];
      if (vertex_class[v] == NONE)
        vertex_class[v] = vertex_class[t->parent[v]];
    }
  for (size_t v = 0; v < t->n; v++)
    {
      uint32_t *to = &renumber[vertex_class[v]];
      if (*to == NONE)
        *to = (uint32_t) n_classes++;
      vertex_class[v] = *to;
    }
  return n_classes;
}

TesseraStatus
tessera_mst_segment_check (const TesseraMstSegment *params)
{
  if (params == NULL
      || params->classes < 0
      || params->classes > TESSERA_MST_SEGMENT_MAX_CLASSES
      || !(params->min_share >= 0.0 && params->min_share <= 0.5)
      || !(params->sensitivity > 0.0 && isfinite (params->sensitivity))
      || (params->colour_space != TESSERA_COLOUR_SPACE_RGB
          && params->colour_space != TESSERA_COLOUR_SPACE_CIELAB)
      || params->method < TESSERA_MST_METHOD_WEIGHTED
      || params->method > TESSERA_MST_METHOD_LAST)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  return TESSERA_OK;
}

TesseraStatus
tessera_mst_cut (const TesseraEmstEdge *edges, const uint32_t *weights,
                 size_t n_vertices, const TesseraMstSegment *params,
                 uint32_t *vertex_class, int *n_classes)
{
  TesseraStatus status = tessera_mst_segment_check (params);
  const int max_classes = params->classes > 0
                          ? params->classes : TESSERA_MST_SEGMENT_MAX_CLASSES;
  TesseraEmstEdge *sorted = NULL;
  size_t n_candidates = n_vertices - 1;
  uint32_t heads[TESSERA_MST_SEGMENT_MAX_CLASSES];
  int n_heads = 0;
  int64_t total = 0;
  TesseraMstTree t;

  *n_classes = 0;
  if (status != TESSERA_OK)
    return status;
  if (n_vertices == 0)
    return TESSERA_OK;
  if (n_vertices >= NONE)
    return TESSERA_ERROR_TOO_LARGE;
  status = tessera_mst_tree_build (&t, edges, weights, n_vertices);
  if (status != TESSERA_OK)
    return status;

  sorted = malloc (sizeof *sorted * n_vertices);
  if (sorted == NULL)
    {
      status = TESSERA_ERROR_OUT_OF_MEMORY;
      goto out;
    }
  memcpy (sorted, edges, sizeof *sorted * n_candidates);
  tessera_emst_sort_edges (sorted, n_candidates);
  if (params->classes == 0)
    status = keep_inconsistent (&t, sorted, &n_candidates,
                                params->sensitivity);
  for (size_t v = 0; v < n_vertices; v++)
    total += weights[v];
  if (status == TESSERA_OK)
    status = cut_longest (&t, sorted, n_candidates, max_classes,
                          params->min_share * (double) total, heads, &n_heads);
  if (status == TESSERA_OK)
    {
      for (size_t v = 0; v < n_vertices; v++)
        vertex_class[v] = NONE;
      *n_classes = label_vertices (&t, heads, n_heads, vertex_class);
    }
out:
  free (sorted);
  tessera_mst_tree_free (&t);
  return status;
}

/* ---- whole images ------------------------------------------------------- */

static double
srgb_to_linear (double v)
{
  v /= 255.0;
  return v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
}

/* The 256 linear values, made once: pow is most of a conversion's cost,
 * and a million colours convert twice (the tree, then the classes). */
const double *
tessera_srgb_linear_table (void)
{
  static double table[256];
  static int ready;

  if (!__atomic_load_n (&ready, __ATOMIC_ACQUIRE))
    {
      #pragma omp critical (tessera_srgb_linear_table)
      if (!__atomic_load_n (&ready, __ATOMIC_RELAXED))
        {
          for (int v = 0; v < 256; v++)
            table[v] = srgb_to_linear (v);
          __atomic_store_n (&ready, 1, __ATOMIC_RELEASE);
        }
    }
  return table;
}

void
tessera_srgb_to_lab (const uint8_t *rgb, float *lab)
{
  const double *linear = tessera_srgb_linear_table ();
  tessera_linear_to_lab (linear[rgb[0]], linear[rgb[1]], linear[rgb[2]],
                         lab);
}

TesseraStatus
tessera_mst_segment_tree (const TesseraColourHistogram *histogram,
                          TesseraColourSpace space, TesseraEmstEdge *edges,
                          TesseraExec *exec)
{
  const size_t n = histogram->n_colours;
  TesseraExec defaults = tessera_exec_default ();
  TesseraExecPart part;
  TesseraExec inner;
  TesseraStatus status;
  float *points;

  if (exec == NULL)
    exec = &defaults;
  if (space == TESSERA_COLOUR_SPACE_RGB)
    points = NULL;
  else if ((points = malloc (sizeof (float) * 3 * n + 1)) == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  /* The EMST's progress is the part of the caller's from 5 to 90 %. */
  inner = tessera_exec_part (exec, 0.05, 0.85, &part);
  if (points == NULL)
    status = tessera_emst_colours (histogram->colours, n, edges, &inner);
  else
    {
      #pragma omp parallel for schedule (static) \
        num_threads (tessera_exec_threads (exec))
      for (size_t i = 0; i < n; i++)
        tessera_srgb_to_lab (histogram->colours + 3 * i, points + 3 * i);
      status = tessera_emst (points, n, edges, &inner);
    }
  exec->backend_used = inner.backend_used;
  free (points);
  return status;
}

typedef struct
{
  uint64_t pixels;
  uint32_t first;     /* class number before sorting = first colour order */
} ClassRank;

static int
compare_ranks (const void *a, const void *b)
{
  const ClassRank *x = a, *y = b;
  if (x->pixels != y->pixels)
    return x->pixels > y->pixels ? -1 : 1;
  return x->first < y->first ? -1 : x->first > y->first;
}

void
tessera_mst_class_means (TesseraMstClasses *classes, const uint64_t *pixels,
                         const uint64_t (*sum)[3], uint32_t *renumber)
{
  const int k = classes->n_classes;
  ClassRank rank[TESSERA_MST_SEGMENT_MAX_CLASSES];

  for (int c = 0; c < k; c++)
    {
      rank[c].pixels = pixels[c];
      rank[c].first = (uint32_t) c;
    }
  qsort (rank, k, sizeof *rank, compare_ranks);
  for (int c = 0; c < k; c++)
    {
      uint32_t old = rank[c].first;
      renumber[old] = (uint32_t) c;
      classes->pixels[c] = rank[c].pixels;
      for (int ch = 0; ch < 3; ch++)
        classes->mean[c][ch] = (double) sum[old][ch]
                               / (double) rank[c].pixels;
    }
}

/* Pixel counts and mean colours, then classes renumbered by size.  The
 * sums are integers, so any order (the GPU's atomics) gives the same. */
static void
class_statistics (const TesseraColourHistogram *histogram,
                  TesseraMstClasses *classes)
{
  uint64_t pixels[TESSERA_MST_SEGMENT_MAX_CLASSES] = { 0 };
  uint64_t sum[TESSERA_MST_SEGMENT_MAX_CLASSES][3] = { { 0 } };
  uint32_t renumber[TESSERA_MST_SEGMENT_MAX_CLASSES];

  for (size_t i = 0; i < histogram->n_colours; i++)
    {
      uint32_t c = classes->colour_class[i];
      pixels[c] += histogram->counts[i];
      for (int ch = 0; ch < 3; ch++)
        sum[c][ch] += (uint64_t) histogram->counts[i]
                      * histogram->colours[3 * i + ch];
    }
  tessera_mst_class_means (classes, pixels, (const uint64_t (*)[3]) sum,
                           renumber);
  for (size_t i = 0; i < histogram->n_colours; i++)
    classes->colour_class[i] = renumber[classes->colour_class[i]];
}

TesseraStatus
tessera_mst_classes_alloc (TesseraMstClasses *classes, size_t n_colours)
{
  memset (classes, 0, sizeof *classes);
  classes->colour_class = malloc (sizeof (uint32_t) * n_colours + 1);
  classes->mean = malloc (sizeof *classes->mean
                          * TESSERA_MST_SEGMENT_MAX_CLASSES);
  classes->pixels = malloc (sizeof (uint64_t)
                            * TESSERA_MST_SEGMENT_MAX_CLASSES);
  if (classes->colour_class == NULL || classes->mean == NULL
      || classes->pixels == NULL)
    {
      tessera_mst_classes_free (classes);
      return TESSERA_ERROR_OUT_OF_MEMORY;
    }
  return TESSERA_OK;
}

TesseraStatus
tessera_mst_segment_cut (const TesseraColourHistogram *histogram,
                         const TesseraEmstEdge *edges,
                         const TesseraMstSegment *params,
                         TesseraMstClasses *classes, TesseraExec *exec)
{
  TesseraStatus status = tessera_mst_segment_check (params);

  if (status == TESSERA_OK)
    status = tessera_mst_classes_alloc (classes, histogram->n_colours);
  if (status != TESSERA_OK)
    return status;
  if (params->method == TESSERA_MST_METHOD_SINGLE_LINKAGE)
    status = tessera_mst_cut (edges, histogram->counts, histogram->n_colours,
                              params, classes->colour_class,
                              &classes->n_classes);
  else
    status = tessera_mst_weighted (histogram, edges, params,
                                   params->method
                                   == TESSERA_MST_METHOD_WEIGHTED,
                                   classes->colour_class,
                                   &classes->n_classes, exec);
  if (status == TESSERA_OK)
    class_statistics (histogram, classes);
  else
    tessera_mst_classes_free (classes);
  return status;
}

TesseraStatus
tessera_mst_segment (const TesseraColourHistogram *histogram,
                     const TesseraMstSegment *params,
                     TesseraMstClasses *classes, TesseraExec *exec)
{
  TesseraStatus status = tessera_mst_segment_check (params);
  const size_t n = histogram->n_colours;
  TesseraEmstEdge *edges;

  memset (classes, 0, sizeof *classes);
  if (status != TESSERA_OK)
    return status;
  if (n == 0)
    return TESSERA_ERROR_EMPTY_IMAGE;
  edges = malloc (sizeof *edges * n);
  if (edges == NULL)
    return TESSERA_ERROR_OUT_OF_MEMORY;
  status = tessera_mst_segment_tree (histogram, params->colour_space, edges,
                                     exec);
  if (status == TESSERA_OK)
    status = tessera_mst_segment_cut (histogram, edges, params, classes,
                                      exec);
  if (status == TESSERA_OK && !tessera_exec_progress (exec, 1.0))
    {
      tessera_mst_classes_free (classes);
      status = TESSERA_ERROR_CANCELLED;
    }
  free (edges);
  return status;
}

void
tessera_mst_classes_free (TesseraMstClasses *classes)
{
  free (classes->colour_class);
  free (classes->mean);
  free (classes->pixels);
  memset (classes, 0, sizeof *classes);
}

/* One class's colour as samples of the image's type. */
typedef union
{
  uint8_t  u8[3];
  uint16_t u16[3];
  float    f32[3];
} ClassColour;

static ClassColour
class_colour (const double *mean, TesseraSampleType type)
{
  ClassColour colour;
  for (int ch = 0; ch < 3; ch++)
    switch (type)
      {
      case TESSERA_U8:
        colour.u8[ch] = (uint8_t) lrint (mean[ch]);
        break;
      case TESSERA_U16:
        colour.u16[ch] = (uint16_t) lrint (mean[ch] * 257.0);
        break;
      case TESSERA_F32:
        colour.f32[ch] = (float) (mean[ch] / 255.0);
        break;
      }
  return colour;
}

/* One row: each pixel takes its class's colour, COLOUR_BYTES of it, and
 * keeps the rest of its PIXEL bytes (alpha); a transparent pixel keeps all
 * of them.  Grey images have grey colours, so any channel of the mean will
 * do.  8-bit RGB, the common case (no alpha, so nothing transparent), is
 * copied byte by byte: a call to memcpy a pixel costs more. */
static void
recolour_row (const uint8_t *in, uint8_t *out, const uint32_t *index,
              int width, const uint32_t *colour_class,
              const ClassColour *colour, size_t pixel, size_t colour_bytes)
{
  if (pixel == 3 && colour_bytes == 3)
    {
      for (int x = 0; x < width; x++, out += 3)
        {
          const uint8_t *c = colour[colour_class[index[x]]].u8;
          out[0] = c[0];
          out[1] = c[1];
          out[2] = c[2];
        }
      return;
    }
  for (int x = 0; x < width; x++, in += pixel, out += pixel)
    {
      if (out != in)
        memcpy (out, in, pixel);      /* alpha, if any */
      /* An invisible pixel has no class: it stays as it is. */
      if (index[x] != TESSERA_COLOUR_TRANSPARENT)
        memcpy (out, &colour[colour_class[index[x]]], colour_bytes);
    }
}

/* One row in place: each pixel of one of the N classes takes its colour,
 * COLOUR_BYTES of it, as recolour_row gives it; false if a pixel's class
 * is neither one of them nor TESSERA_COLOUR_TRANSPARENT. */
static bool
paint_row (uint8_t *out, const uint32_t *class_of, int width,
           const ClassColour *colour, uint32_t n, size_t pixel,
           size_t colour_bytes)
{
  bool known = true;

  if (pixel == 4 && colour_bytes == 3)
    {
      for (int x = 0; x < width; x++, out += 4)
        if (class_of[x] < n)
          {
            const uint8_t *c = colour[class_of[x]].u8;
            out[0] = c[0];
            out[1] = c[1];
            out[2] = c[2];
          }
        else
          known = known && class_of[x] == TESSERA_COLOUR_TRANSPARENT;
      return known;
    }
  for (int x = 0; x < width; x++, out += pixel)
    if (class_of[x] < n)
      memcpy (out, &colour[class_of[x]], colour_bytes);
    else
      known = known && class_of[x] == TESSERA_COLOUR_TRANSPARENT;
  return known;
}

TesseraStatus
tessera_mst_segment_paint (TesseraImage *image, const uint32_t *pixel_class,
                           const TesseraMstClasses *classes,
                           TesseraExec *exec)
{
  ClassColour colour[TESSERA_MST_SEGMENT_MAX_CLASSES];
  TesseraStatus status = tessera_image_check (image);
  const int colour_channels = image->channels >= 3 ? 3 : 1;
  const uint32_t n = (uint32_t) classes->n_classes;
  bool known = true;

  if (status != TESSERA_OK)
    return status;
  if (image->memory != TESSERA_MEMORY_HOST || classes->n_classes < 0
      || classes->n_classes > TESSERA_MST_SEGMENT_MAX_CLASSES)
    return TESSERA_ERROR_INVALID_ARGUMENT;
  for (uint32_t c = 0; c < n; c++)
    colour[c] = class_colour (classes->mean[c], image->type);

  #pragma omp parallel for schedule (static) reduction (&& : known) \
    num_threads (tessera_exec_threads (exec))
  for (int y = 0; y < image->height; y++)
    known = paint_row (tessera_image_row (image, y),
                       pixel_class + (size_t) y * image->width, image->width,
                       colour, n, tessera_pixel_size (image),
                       tessera_sample_size (image->type) * colour_channels)
            && known;
  return known ? TESSERA_OK : TESSERA_ERROR_INVALID_ARGUMENT;
}

TesseraStatus
tessera_mst_segment_recolour (const TesseraImage *src,
                              const TesseraColourHistogram *histogram,
                              const TesseraMstClasses *classes,
                              TesseraImage *dst, TesseraExec *exec)
{
  ClassColour colour[TESSERA_MST_SEGMENT_MAX_CLASSES];
  const int colour_channels = src->channels >= 3 ? 3 : 1;
  const size_t sample = tessera_sample_size (src->type);
  const size_t pixel = tessera_pixel_size (src);
  TesseraStatus status = tessera_image_check (src);

  if (status == TESSERA_OK)
    status = tessera_image_check (dst);
  if (status != TESSERA_OK)
    return status;
  if (!tessera_image_same_shape (src, dst) || src->memory != TESSERA_MEMORY_HOST
      || dst->memory != TESSERA_MEMORY_HOST
      || src->width != histogram->width || src->height != histogram->height)
    return TESSERA_ERROR_INVALID_ARGUMENT;

  for (int c = 0; c < classes->n_classes; c++)
    colour[c] = class_colour (classes->mean[c], src->type);

  #pragma omp parallel for schedule (static) \
    num_threads (tessera_exec_threads (exec))
  for (int y = 0; y < src->height; y++)
    recolour_row (tessera_image_row (src, y), tessera_image_row (dst, y),
                  histogram->pixel_colour + (size_t) y * src->width,
                  src->width, classes->colour_class, colour, pixel,
                  sample * colour_channels);
  return TESSERA_OK;
}
