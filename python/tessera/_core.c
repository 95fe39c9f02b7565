/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera._core — the core's operations on C-contiguous buffers (NumPy
 * arrays), the GIL released while they run.  The Python layer
 * (__init__.py) checks shapes and types, makes arrays contiguous and
 * allocates the results; this file only moves buffers into core calls. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "bezier-fit.h"
#include "box-blur.h"
#include "contour-map.h"
#include "fill-regions.h"
#include "gradient.h"
#include "mst-segment-image.h"
#include "reconstruct-preset.h"
#include "reconstruct.h"
#include "trace-clicks.h"

/* A buffer seen as a host image. */
typedef struct
{
  Py_buffer    buffer;
  TesseraImage image;
  bool         held;
} Buffer;

static bool
buffer_get (PyObject *object, bool writable, int height, int width,
            int channels, int type, Buffer *out)
{
  int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);

  out->held = false;
  if (PyObject_GetBuffer (object, &out->buffer, flags) != 0)
    return false;
  out->held = true;
  out->image = tessera_image_view (out->buffer.buf, width, height, channels,
                                   (TesseraSampleType) type);
  if ((size_t) out->buffer.len
      < out->image.stride * (size_t) (height > 0 ? height : 0))
    {
      PyErr_SetString (PyExc_ValueError, "buffer smaller than its shape");
      return false;
    }
  return true;
}

static void
buffer_release (Buffer *b)
{
  if (b->held)
    PyBuffer_Release (&b->buffer);
  b->held = false;
}

static PyObject *
status_result (TesseraStatus status)
{
  if (status == TESSERA_OK)
    Py_RETURN_NONE;
  PyErr_SetString (status == TESSERA_ERROR_OUT_OF_MEMORY
                   ? PyExc_MemoryError : PyExc_ValueError,
                   tessera_status_message (status));
  return NULL;
}

static TesseraExec
exec_for (int threads, int backend)
{
  TesseraExec exec = tessera_exec_default ();

  exec.threads = threads;
  exec.backend = (TesseraBackend) backend;
  return exec;
}

/* box_blur(src, dst, height, width, channels, type, radius_x, radius_y,
 *          iterations, has_alpha, threads, backend) */
static PyObject *
py_box_blur (PyObject *self, PyObject *args)
{
  PyObject      *src_object, *dst_object;
  int            h, w, c, type, rx, ry, iterations, has_alpha, threads,
                 backend;
  Buffer         src = { .held = false }, dst = { .held = false };
  TesseraStatus  status;

  if (! PyArg_ParseTuple (args, "OOiiiiiiipii", &src_object, &dst_object, &h,
                          &w, &c, &type, &rx, &ry, &iterations, &has_alpha,
                          &threads, &backend))
    return NULL;
  if (! buffer_get (src_object, false, h, w, c, type, &src)
      || ! buffer_get (dst_object, true, h, w, c, type, &dst))
    {
      buffer_release (&src);
      buffer_release (&dst);
      return NULL;
    }
  {
    TesseraBoxBlur params = { rx, ry, iterations, has_alpha != 0,
                              TESSERA_BOX_BLUR_METHOD_AUTO };
    TesseraExec    exec = exec_for (threads, backend);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_box_blur (&src.image, &dst.image, &params, &exec);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&src);
  buffer_release (&dst);
  return status_result (status);
}

/* contour_map(rgba_f32, map_u8, height, width, source, threshold, threads) */
static PyObject *
py_contour_map (PyObject *self, PyObject *args)
{
  PyObject     *rgba_object, *map_object;
  int           h, w, source, threads;
  double        threshold;
  Buffer        rgba = { .held = false }, map = { .held = false };
  TesseraStatus status;

  if (! PyArg_ParseTuple (args, "OOiiidi", &rgba_object, &map_object, &h, &w,
                          &source, &threshold, &threads))
    return NULL;
  if (! buffer_get (rgba_object, false, h, w, 4, TESSERA_F32, &rgba)
      || ! buffer_get (map_object, true, h, w, 1, TESSERA_U8, &map))
    {
      buffer_release (&rgba);
      buffer_release (&map);
      return NULL;
    }
  {
    TesseraContourThreshold params = { (TesseraContourSource) source,
                                       threshold, { 0, 0, 0 } };
    TesseraExec             exec = exec_for (threads, 0);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_contour_map (&rgba.image, &map.image, &params, &exec);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&rgba);
  buffer_release (&map);
  return status_result (status);
}

/* fill_regions(map_u8, labels_u32, height, width, connectivity, gap,
 *              edge_regions, min_region, threads) -> count */
static PyObject *
py_fill_regions (PyObject *self, PyObject *args)
{
  PyObject          *map_object, *labels_object;
  int                h, w, connectivity, gap, edge_regions, min_region,
                     threads;
  Buffer             map = { .held = false },
                     labels_buffer = { .held = false };
  TesseraStatus      status;
  TesseraFillRegions params = tessera_fill_regions_defaults ();
  TesseraLabels      labels;

  if (! PyArg_ParseTuple (args, "OOiiiipii", &map_object, &labels_object, &h,
                          &w, &connectivity, &gap, &edge_regions,
                          &min_region, &threads))
    return NULL;
  if (! buffer_get (map_object, false, h, w, 1, TESSERA_U8, &map)
      || ! buffer_get (labels_object, true, h, w, 4, TESSERA_U8,
                       &labels_buffer))
    {
      buffer_release (&map);
      buffer_release (&labels_buffer);
      return NULL;
    }
  params.connectivity = connectivity;
  params.gap = gap;
  params.edge_regions = edge_regions != 0;
  params.min_region = min_region;
  labels = (TesseraLabels) { labels_buffer.buffer.buf, w, h, 0 };
  {
    TesseraExec exec = exec_for (threads, 0);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_fill_regions (&map.image, &labels, NULL, &params, &exec);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&map);
  buffer_release (&labels_buffer);
  if (status != TESSERA_OK)
    return status_result (status);
  return PyLong_FromUnsignedLong (labels.count);
}

/* reconstruct(mask, marker, dst, height, width, channels, type, operation,
 *             connectivity, has_alpha, colour, threads) */
static PyObject *
py_reconstruct (PyObject *self, PyObject *args)
{
  PyObject          *mask_object, *marker_object, *dst_object;
  int                h, w, c, type, operation, connectivity, has_alpha,
                     colour, threads;
  Buffer             mask = { .held = false }, marker = { .held = false },
                     dst = { .held = false };
  TesseraStatus      status;
  TesseraReconstruct params = tessera_reconstruct_default ();

  if (! PyArg_ParseTuple (args, "OOOiiiiiipii", &mask_object, &marker_object,
                          &dst_object, &h, &w, &c, &type, &operation,
                          &connectivity, &has_alpha, &colour, &threads))
    return NULL;
  if (! buffer_get (mask_object, false, h, w, c, type, &mask)
      || ! buffer_get (marker_object, false, h, w, c, type, &marker)
      || ! buffer_get (dst_object, true, h, w, c, type, &dst))
    {
      buffer_release (&mask);
      buffer_release (&marker);
      buffer_release (&dst);
      return NULL;
    }
  params.operation = (TesseraReconstructOperation) operation;
  params.connectivity = connectivity;
  params.has_alpha = has_alpha != 0;
  params.colour = (TesseraReconstructColour) colour;
  {
    TesseraExec exec = exec_for (threads, 0);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_reconstruct (&mask.image, &marker.image, &dst.image,
                                  &params, &exec, NULL);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&mask);
  buffer_release (&marker);
  buffer_release (&dst);
  return status_result (status);
}

/* reconstruct_preset(src, dst, height, width, channels, type, preset, h,
 *                    radius, connectivity, has_alpha, colour, threads) */
static PyObject *
py_reconstruct_preset (PyObject *self, PyObject *args)
{
  PyObject      *src_object, *dst_object;
  int            h, w, c, type, preset, radius, connectivity, has_alpha,
                 colour, threads;
  double         dome;
  Buffer         src = { .held = false }, dst = { .held = false };
  TesseraStatus  status;

  if (! PyArg_ParseTuple (args, "OOiiiiidiipii", &src_object, &dst_object,
                          &h, &w, &c, &type, &preset, &dome, &radius,
                          &connectivity, &has_alpha, &colour, &threads))
    return NULL;
  if (! buffer_get (src_object, false, h, w, c, type, &src)
      || ! buffer_get (dst_object, true, h, w, c, type, &dst))
    {
      buffer_release (&src);
      buffer_release (&dst);
      return NULL;
    }
  {
    TesseraReconstructPresetParams params = {
      (TesseraReconstructPreset) preset, dome, radius, connectivity,
      has_alpha != 0, (TesseraReconstructColour) colour };
    TesseraExec exec = exec_for (threads, 0);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_reconstruct_preset (&src.image, &dst.image, &params,
                                         &exec);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&src);
  buffer_release (&dst);
  return status_result (status);
}

/* [(r, g, b, pixels), ...] of CLASSES. */
static PyObject *
classes_list (const TesseraMstClasses *classes)
{
  PyObject *list = PyList_New (classes->n_classes);

  for (int i = 0; list != NULL && i < classes->n_classes; i++)
    PyList_SET_ITEM (list, i,
                     Py_BuildValue ("(dddK)", classes->mean[i][0],
                                    classes->mean[i][1], classes->mean[i][2],
                                    (unsigned long long) classes->pixels[i]));
  return list;
}

/* segment_colours(src, dst, height, width, channels, classes, min_share,
 *                 sensitivity, space, method, threads, backend)
 *   -> [(r, g, b, pixels), ...] */
static PyObject *
py_segment_colours (PyObject *self, PyObject *args)
{
  PyObject         *src_object, *dst_object, *result;
  int               h, w, c, space, method, threads, backend;
  Buffer            src = { .held = false }, dst = { .held = false };
  TesseraStatus     status;
  TesseraMstSegment params;
  TesseraMstClasses classes = { 0 };

  if (! PyArg_ParseTuple (args, "OOiiiiddiiii", &src_object, &dst_object, &h,
                          &w, &c, &params.classes, &params.min_share,
                          &params.sensitivity, &space, &method, &threads,
                          &backend))
    return NULL;
  params.colour_space = (TesseraColourSpace) space;
  params.method = (TesseraMstMethod) method;
  if (! buffer_get (src_object, false, h, w, c, TESSERA_U8, &src)
      || ! buffer_get (dst_object, true, h, w, c, TESSERA_U8, &dst))
    {
      buffer_release (&src);
      buffer_release (&dst);
      return NULL;
    }
  {
    TesseraExec exec = exec_for (threads, backend);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_mst_segment_image (&src.image, &params, &classes,
                                        &dst.image, &exec);
    Py_END_ALLOW_THREADS
  }
  buffer_release (&src);
  buffer_release (&dst);
  if (status != TESSERA_OK)
    return status_result (status);
  result = classes_list (&classes);
  tessera_mst_classes_free (&classes);
  return result;
}

/* segment_histogram(colours_u8, counts_u32, classes_u32_out, n, classes,
 *                   min_share, sensitivity, space, method, threads)
 *   -> [(r, g, b, pixels), ...]: the classes of a histogram of distinct
 * colours (increasing 24-bit numbers), each colour's class written. */
static PyObject *
py_segment_histogram (PyObject *self, PyObject *args)
{
  PyObject              *colours_object, *counts_object, *class_object,
                        *result;
  Py_ssize_t             n;
  int                    space, method, threads;
  Buffer                 colours = { .held = false },
                         counts = { .held = false },
                         class_of = { .held = false };
  TesseraStatus          status;
  TesseraMstSegment      params;
  TesseraMstClasses      classes = { 0 };
  TesseraColourHistogram histogram = { 0 };

  if (! PyArg_ParseTuple (args, "OOOniddiii", &colours_object, &counts_object,
                          &class_object, &n, &params.classes,
                          &params.min_share, &params.sensitivity, &space,
                          &method, &threads))
    return NULL;
  params.colour_space = (TesseraColourSpace) space;
  params.method = (TesseraMstMethod) method;
  if (n < 1 || n > (1 << 24)
      || ! buffer_get (colours_object, false, 1, (int) n, 3, TESSERA_U8,
                       &colours)
      || ! buffer_get (counts_object, false, 1, (int) n, 4, TESSERA_U8,
                       &counts)
      || ! buffer_get (class_object, true, 1, (int) n, 4, TESSERA_U8,
                       &class_of))
    {
      if (! PyErr_Occurred ())
        PyErr_SetString (PyExc_ValueError, "no visible colour");
      buffer_release (&colours);
      buffer_release (&counts);
      buffer_release (&class_of);
      return NULL;
    }
  histogram.n_colours = (size_t) n;
  histogram.colours = colours.buffer.buf;
  histogram.counts = counts.buffer.buf;
  {
    TesseraExec exec = exec_for (threads, TESSERA_BACKEND_CPU);

    Py_BEGIN_ALLOW_THREADS
    status = tessera_mst_segment (&histogram, &params, &classes, &exec);
    if (status == TESSERA_OK)
      memcpy (class_of.buffer.buf, classes.colour_class,
              (size_t) n * sizeof (uint32_t));
    Py_END_ALLOW_THREADS
  }
  buffer_release (&colours);
  buffer_release (&counts);
  buffer_release (&class_of);
  if (status != TESSERA_OK)
    return status_result (status);
  result = classes_list (&classes);
  tessera_mst_classes_free (&classes);
  return result;
}

/* A buffer of at least COUNT points (x, y as doubles). */
static bool
points_get (PyObject *object, bool writable, size_t count, Buffer *out)
{
  int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);

  out->held = false;
  if (PyObject_GetBuffer (object, &out->buffer, flags) != 0)
    return false;
  out->held = true;
  if ((size_t) out->buffer.len < count * sizeof (TesseraPoint))
    {
      PyErr_SetString (PyExc_ValueError, "points buffer too small");
      return false;
    }
  return true;
}

/* The chain of N CLICKS traced on SRC into PATH (*N_PATH points) and fitted
 * into CONTROL (*N_CONTROL points), as the plug-ins and tessera trace do:
 * the gradient over the chain's window alone, an anchor on each click. */
static TesseraStatus
trace_fit (const TesseraImage *src, const TesseraPoint *clicks, int n,
           int closed, const TesseraTrace *params, double tolerance,
           TesseraPoint *path, int *n_path, TesseraPoint *control,
           int *n_control, int *failed, TesseraExec *exec)
{
  TesseraGradient gradient;
  TesseraStatus   status;
  int             window[4];

  tessera_trace_chain_window (clicks, n, params, src->width, src->height,
                              window);
  status = tessera_gradient_compute (src, window[0], window[1], window[2],
                                     window[3], params->sigma, &gradient,
                                     exec);
  if (status != TESSERA_OK)
    return status;
  gradient.x0 = window[0];
  gradient.y0 = window[1];
  status = tessera_trace_chain (&gradient, clicks, n, closed, params, path,
                                n_path, failed, exec);
  tessera_gradient_free (&gradient);
  if (status != TESSERA_OK)
    return status;
  *n_path -= closed ? 1 : 0;
  return tessera_trace_chain_fit (path, *n_path, closed, params->nodes + 1,
                                  tolerance, control, n_control);
}

/* trace(src, height, width, channels, type, clicks, n, closed, path,
 *       control, nodes, points, half_width, max_angle, sigma, snap_radius,
 *       line_width, tolerance, threads, backend) -> (n_path, n_control);
 * CLICKS, PATH and CONTROL are float64 (x, y) pairs, PATH room for
 * links * (nodes + 1) + 1 points, CONTROL for three times as many. */
static PyObject *
py_trace (PyObject *self, PyObject *args)
{
  PyObject     *objects[4];
  int           h, w, c, type, n, closed, threads, backend, n_path = 0,
                n_control = 0, failed = 0;
  double        tolerance;
  TesseraTrace  params = tessera_trace_defaults ();
  Buffer        src = { .held = false }, clicks = { .held = false },
                path = { .held = false }, control = { .held = false };
  TesseraStatus status = TESSERA_OK;
  size_t        max_path;

  if (! PyArg_ParseTuple (args, "OiiiiOipOOiiddddddii", &objects[0], &h, &w,
                          &c, &type, &objects[1], &n, &closed, &objects[2],
                          &objects[3], &params.nodes, &params.points,
                          &params.half_width, &params.max_angle,
                          &params.sigma, &params.snap_radius,
                          &params.line_width, &tolerance, &threads, &backend))
    return NULL;
  max_path = (size_t) tessera_trace_chain_links (n, closed)
             * (size_t) (params.nodes + 1) + 1;
  if (buffer_get (objects[0], false, h, w, c, type, &src)
      && points_get (objects[1], false, (size_t) n, &clicks)
      && points_get (objects[2], true, max_path, &path)
      && points_get (objects[3], true, TESSERA_BEZIER_MAX_OUT (max_path),
                     &control))
    {
      TesseraExec exec = exec_for (threads, backend);

      Py_BEGIN_ALLOW_THREADS
      status = trace_fit (&src.image, clicks.buffer.buf, n, closed, &params,
                          tolerance, path.buffer.buf, &n_path,
                          control.buffer.buf, &n_control, &failed, &exec);
      Py_END_ALLOW_THREADS
    }
  buffer_release (&src);
  buffer_release (&clicks);
  buffer_release (&path);
  buffer_release (&control);
  if (PyErr_Occurred ())
    return NULL;
  if (status != TESSERA_OK)
    {
      PyErr_Format (status == TESSERA_ERROR_OUT_OF_MEMORY
                    ? PyExc_MemoryError : PyExc_ValueError,
                    "link %d (clicks %d to %d): %s", failed + 1, failed + 1,
                    (failed + 1) % n + 1, tessera_status_message (status));
      return NULL;
    }
  return Py_BuildValue ("(ii)", n_path, n_control);
}

static PyMethodDef methods[] = {
  { "segment_histogram", py_segment_histogram, METH_VARARGS, NULL },
  { "box_blur", py_box_blur, METH_VARARGS, NULL },
  { "contour_map", py_contour_map, METH_VARARGS, NULL },
  { "fill_regions", py_fill_regions, METH_VARARGS, NULL },
  { "reconstruct", py_reconstruct, METH_VARARGS, NULL },
  { "reconstruct_preset", py_reconstruct_preset, METH_VARARGS, NULL },
  { "segment_colours", py_segment_colours, METH_VARARGS, NULL },
  { "trace", py_trace, METH_VARARGS, NULL },
  { NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
  PyModuleDef_HEAD_INIT, "tessera._core",
  "Tessera's core operations on contiguous buffers (use the tessera module).",
  -1, methods, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC
PyInit__core (void)
{
  return PyModule_Create (&module);
}
