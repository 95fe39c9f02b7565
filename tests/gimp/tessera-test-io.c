/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — a test-only GIMP plug-in that moves a drawable's exact
 * pixels to and from a raw file, so the batch harness can fill a drawable
 * with known pixels, run a procedure, and compare what it wrote with the
 * core's result computed outside GIMP.  Not installed.
 *
 * GIMP starts it with itself as a resident extension, tessera-test-io, that
 * offers tessera-test-io-save, tessera-test-io-load and tessera-test-io-wait
 * as temporary procedures: a harness makes hundreds of these calls, and
 * starting a plug-in process for each costs a few hundred milliseconds.
 * tessera-test-io-save-path writes a path's anchors, exactly, for procedures
 * that make paths.  tessera-test-io-passthrough, an ordinary plug-in
 * procedure (a process of its own per call, like Tessera's), only reads a
 * drawable's pixels and writes them back: the floor that bench/gimp-timing.sh
 * measures filters against.
 *
 * The file (see raw-image.h) is a text header followed by the packed pixels:
 *   TESSERA-RAW
 *   WIDTH HEIGHT CHANNELS TYPE ALPHA
 *   # the babl format name (information only)
 * with TYPE one of u8 u16 u32 half float double, in host byte order. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libgimp/gimp.h>

#include "raw-image.h"

#define EXTENSION_PROC "tessera-test-io"
#define SAVE_PROC      "tessera-test-io-save"
#define LOAD_PROC      "tessera-test-io-load"
#define WAIT_PROC      "tessera-test-io-wait"
#define SAVE_PATH_PROC "tessera-test-io-save-path"
#define PASSTHROUGH_PROC "tessera-test-io-passthrough"

static void query (void);
static void run   (const gchar *name, gint nparams, const GimpParam *param,
                   gint *nreturn_vals, GimpParam **return_vals);

const GimpPlugInInfo PLUG_IN_INFO = { NULL, NULL, query, run };

MAIN ()

static const GimpParamDef save_args[] =
{
  { GIMP_PDB_INT32,    "run-mode", "The run mode { RUN-NONINTERACTIVE (1) }" },
  { GIMP_PDB_IMAGE,    "image",    "Input image" },
  { GIMP_PDB_DRAWABLE, "drawable", "Drawable, channel or selection to save" },
  { GIMP_PDB_STRING,   "filename", "Raw file to write" },
  { GIMP_PDB_STRING,   "format",   "babl format to write in, or \"\": the "
                                   "drawable's own" }
};

static const GimpParamDef load_args[] =
{
  { GIMP_PDB_INT32,    "run-mode", "The run mode { RUN-NONINTERACTIVE (1) }" },
  { GIMP_PDB_IMAGE,    "image",    "Input image" },
  { GIMP_PDB_DRAWABLE, "drawable", "Drawable to overwrite (no undo step)" },
  { GIMP_PDB_STRING,   "filename", "Raw file of the drawable's format and "
                                   "size" }
};

static const GimpParamDef wait_args[] =
{
  { GIMP_PDB_INT32,    "run-mode", "The run mode { RUN-NONINTERACTIVE (1) }" },
  { GIMP_PDB_STRING,   "filename", "File to wait for" },
  { GIMP_PDB_INT32,    "seconds",  "How long to wait at most" }
};

static const GimpParamDef passthrough_args[] =
{
  { GIMP_PDB_INT32,    "run-mode", "The run mode { RUN-NONINTERACTIVE (1) }" },
  { GIMP_PDB_IMAGE,    "image",    "Input image" },
  { GIMP_PDB_DRAWABLE, "drawable", "Drawable to read and write back" }
};

static const GimpParamDef save_path_args[] =
{
  { GIMP_PDB_INT32,    "run-mode", "The run mode { RUN-NONINTERACTIVE (1) }" },
  { GIMP_PDB_IMAGE,    "image",    "Input image" },
  { GIMP_PDB_VECTORS,  "path",     "Path whose first stroke to save" },
  { GIMP_PDB_STRING,   "filename", "Text file to write" }
};

static void
query (void)
{
  /* An extension without arguments: GIMP starts it with itself. */
  gimp_install_procedure (EXTENSION_PROC,
                          "Offers " SAVE_PROC ", " LOAD_PROC ", " WAIT_PROC
                          " and " SAVE_PATH_PROC
                          " (tests only)",
                          "Stays resident until GIMP quits.",
                          "Tessera", "Tessera", "2024", NULL, NULL,
                          GIMP_EXTENSION, 0, 0, NULL, NULL);
  gimp_install_procedure (PASSTHROUGH_PROC,
                          "Reads a drawable's pixels and writes them back "
                          "(tests only)",
                          "In the drawable's own format, through the shadow "
                          "buffer, merged as one undo step: what a filter "
                          "plug-in does besides its work.",
                          "Tessera", "Tessera", "2024", NULL, "*",
                          GIMP_PLUGIN, G_N_ELEMENTS (passthrough_args), 0,
                          passthrough_args, NULL);
}

/* The header fields of FORMAT; false for formats a raw file cannot hold. */
static gboolean
describe_format (const Babl *format, int width, int height, RawImage *raw)
{
  const char *type = babl_get_name (babl_format_get_type (format, 0));

  raw->width = width;
  raw->height = height;
  raw->channels = babl_format_get_n_components (format);
  raw->has_alpha = babl_format_has_alpha (format);
  return raw_sample_type_parse (type, &raw->type);
}

static const char *
save (gint32 drawable, const char *filename, const char *format_name)
{
  const Babl *format = *format_name ? babl_format (format_name)
                                    : gimp_drawable_get_format (drawable);
  GeglBuffer *buffer;
  RawImage    raw;
  const char *error = NULL;

  if (! describe_format (format, gimp_drawable_width (drawable),
                         gimp_drawable_height (drawable), &raw))
    return "unsupported format";

  raw.data = g_malloc (raw_image_size (&raw));
  buffer = gimp_drawable_get_buffer (drawable);
  gegl_buffer_get (buffer, GEGL_RECTANGLE (0, 0, raw.width, raw.height), 1.0,
                   format, raw.data, GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  g_object_unref (buffer);

  if (! raw_image_write (filename, &raw, babl_get_name (format)))
    error = g_strerror (errno);
  g_free (raw.data);
  return error;
}

static const char *
load (gint32 drawable, const char *filename)
{
  const Babl *format = gimp_drawable_get_format (drawable);
  GeglBuffer *buffer;
  RawImage    expected;
  RawImage    raw;

  if (! describe_format (format, gimp_drawable_width (drawable),
                         gimp_drawable_height (drawable), &expected))
    return "unsupported format";
  if (! raw_image_read (filename, &raw))
    return "cannot read the raw file";
  if (! raw_image_same_layout (&raw, &expected))
    {
      raw_image_free (&raw);
      return "the raw file does not match the drawable's format or size";
    }

  buffer = gimp_drawable_get_buffer (drawable);
  gegl_buffer_set (buffer, GEGL_RECTANGLE (0, 0, raw.width, raw.height), 0,
                   format, raw.data, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
  gimp_drawable_update (drawable, 0, 0, raw.width, raw.height);
  raw_image_free (&raw);
  return NULL;
}

/* The path's name, then "CLOSED COUNT", then "X Y" for each anchor of its
 * first stroke, with all the digits of the doubles, then "handles" and
 * "X Y X Y" for the handles before and after each anchor. */
static const char *
save_path (gint32 vectors, const char *filename)
{
  gint     *strokes, n_strokes = 0, n_coords = 0, i;
  gdouble  *coords = NULL;
  gboolean  closed = FALSE;
  gchar    *name = gimp_item_get_name (vectors);
  FILE     *out;

  strokes = gimp_vectors_get_strokes (vectors, &n_strokes);
  if (n_strokes > 0)
    gimp_vectors_stroke_get_points (vectors, strokes[0], &n_coords, &coords,
                                    &closed);
  out = fopen (filename, "w");
  if (out != NULL)
    {
      /* Each anchor comes between its two handles: x, y six at a time. */
      fprintf (out, "%s\n%d %d\n", name ? name : "", closed ? 1 : 0,
               n_coords / 6);
      for (i = 2; i + 1 < n_coords; i += 6)
        fprintf (out, "%.17g %.17g\n", coords[i], coords[i + 1]);
      /* Then each anchor's handles, before and after it. */
      fprintf (out, "handles\n");
      for (i = 0; i + 5 < n_coords; i += 6)
        fprintf (out, "%.17g %.17g %.17g %.17g\n", coords[i], coords[i + 1],
                 coords[i + 4], coords[i + 5]);
    }
  g_free (coords);
  g_free (strokes);
  g_free (name);
  if (out == NULL || fclose (out) != 0)
    return g_strerror (errno);
  return NULL;
}

/* The whole drawable read in its own format, then written back the way
 * Tessera's plug-ins write (plugins/common/tessera-region.c). */
static const char *
passthrough (gint32 drawable)
{
  const Babl    *format = gimp_drawable_get_format (drawable);
  GeglRectangle  rect = { 0, 0, gimp_drawable_width (drawable),
                          gimp_drawable_height (drawable) };
  guchar        *pixels = g_try_malloc ((gsize) rect.width * rect.height
                                        * babl_format_get_bytes_per_pixel
                                            (format));
  GeglBuffer    *buffer;

  if (pixels == NULL)
    return "out of memory";
  buffer = gimp_drawable_get_buffer (drawable);
  gegl_buffer_get (buffer, &rect, 1.0, format, pixels, GEGL_AUTO_ROWSTRIDE,
                   GEGL_ABYSS_NONE);
  g_object_unref (buffer);
  buffer = gimp_drawable_get_shadow_buffer (drawable);
  gegl_buffer_set (buffer, &rect, 0, format, pixels, GEGL_AUTO_ROWSTRIDE);
  g_object_unref (buffer);
  gimp_drawable_merge_shadow (drawable, TRUE);
  gimp_drawable_update (drawable, rect.x, rect.y, rect.width, rect.height);
  g_free (pixels);
  return NULL;
}

/* Lets a script wait for a harness that acts on GIMP's windows meanwhile
 * (GIMP keeps handling events while a procedure runs). */
static const char *
wait_for_file (const char *filename, int seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (! g_file_test (filename, G_FILE_TEST_EXISTS))
    {
      if (g_get_monotonic_time () > end)
        return "timed out";
      g_usleep (G_USEC_PER_SEC / 20);
    }
  return NULL;
}

static void
run_procedure (const gchar      *name,
               gint              nparams,
               const GimpParam  *param,
               gint             *nreturn_vals,
               GimpParam       **return_vals)
{
  static GimpParam values[2];
  const char      *error = "wrong number of arguments";

  if (strcmp (name, SAVE_PROC) == 0 && nparams == G_N_ELEMENTS (save_args))
    error = save (param[2].data.d_drawable, param[3].data.d_string,
                  param[4].data.d_string);
  else if (strcmp (name, LOAD_PROC) == 0
           && nparams == G_N_ELEMENTS (load_args))
    error = load (param[2].data.d_drawable, param[3].data.d_string);
  else if (strcmp (name, WAIT_PROC) == 0
           && nparams == G_N_ELEMENTS (wait_args))
    error = wait_for_file (param[1].data.d_string, param[2].data.d_int32);
  else if (strcmp (name, SAVE_PATH_PROC) == 0
           && nparams == G_N_ELEMENTS (save_path_args))
    error = save_path (param[2].data.d_vectors, param[3].data.d_string);
  else if (strcmp (name, PASSTHROUGH_PROC) == 0
           && nparams == G_N_ELEMENTS (passthrough_args))
    error = passthrough (param[2].data.d_drawable);

  *nreturn_vals = 1;
  *return_vals = values;
  values[0].type = GIMP_PDB_STATUS;
  values[0].data.d_status = error ? GIMP_PDB_EXECUTION_ERROR : GIMP_PDB_SUCCESS;
  if (error)
    {
      *nreturn_vals = 2;
      values[1].type = GIMP_PDB_STRING;
      values[1].data.d_string = (gchar *) error;
    }
}

static void
run (const gchar      *name,
     gint              nparams,
     const GimpParam  *param,
     gint             *nreturn_vals,
     GimpParam       **return_vals)
{
  gegl_init (NULL, NULL);
  if (strcmp (name, PASSTHROUGH_PROC) == 0)
    {
      run_procedure (name, nparams, param, nreturn_vals, return_vals);
      return;
    }

  gimp_install_temp_proc (SAVE_PROC, "Writes a drawable's pixels to a raw file",
                          "Writes the whole drawable, in its own format unless "
                          "FORMAT names another babl format.",
                          "Tessera", "Tessera", "2024", NULL, "*",
                          GIMP_TEMPORARY, G_N_ELEMENTS (save_args), 0,
                          save_args, NULL, run_procedure);
  gimp_install_temp_proc (LOAD_PROC, "Fills a drawable from a raw file",
                          "The file must hold the drawable's own format and "
                          "size, as written by " SAVE_PROC ".",
                          "Tessera", "Tessera", "2024", NULL, "*",
                          GIMP_TEMPORARY, G_N_ELEMENTS (load_args), 0,
                          load_args, NULL, run_procedure);
  gimp_install_temp_proc (WAIT_PROC, "Waits until a file exists",
                          "Fails when it does not after SECONDS.",
                          "Tessera", "Tessera", "2024", NULL, "",
                          GIMP_TEMPORARY, G_N_ELEMENTS (wait_args), 0,
                          wait_args, NULL, run_procedure);

  gimp_install_temp_proc (SAVE_PATH_PROC, "Writes a path's anchors to a "
                          "text file",
                          "The name, then \"CLOSED COUNT\", then \"X Y\" "
                          "for each anchor of the first stroke.",
                          "Tessera", "Tessera", "2024", NULL, "",
                          GIMP_TEMPORARY, G_N_ELEMENTS (save_path_args), 0,
                          save_path_args, NULL, run_procedure);

  /* Lets the call that started us return; then serves until GIMP quits. */
  gimp_extension_ack ();
  for (;;)
    gimp_extension_process (0);
}
