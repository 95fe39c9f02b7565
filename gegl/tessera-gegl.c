/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the GEGL module: its four operations, and what they share
 * (tessera-gegl.h). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "tessera-gegl.h"

/* ---- the module ---------------------------------------------------------- */

static const GeglModuleInfo module_info =
{
  GEGL_MODULE_ABI_VERSION
};

G_MODULE_EXPORT const GeglModuleInfo *gegl_module_query    (GTypeModule *module);
G_MODULE_EXPORT gboolean              gegl_module_register (GTypeModule *module);

G_MODULE_EXPORT const GeglModuleInfo *
gegl_module_query (GTypeModule *module)
{
  return &module_info;
}

G_MODULE_EXPORT gboolean
gegl_module_register (GTypeModule *module)
{
  /* The titles and properties are translated as the types are made. */
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  gegl_op_tessera_box_blur_register_type (module);
  gegl_op_tessera_reconstruct_preset_register_type (module);
  gegl_op_tessera_segment_colours_register_type (module);
  gegl_op_tessera_fill_contours_register_type (module);
  return TRUE;
}

/* ---- formats ------------------------------------------------------------- */

TesseraSampleType
tessera_gegl_sample_type (const Babl *format)
{
  const gchar *type = babl_get_name (babl_format_get_type (format, 0));

  if (strcmp (type, "u8") == 0)
    return TESSERA_U8;
  if (strcmp (type, "u16") == 0)
    return TESSERA_U16;
  return TESSERA_F32;
}

const Babl *
tessera_gegl_work_format (GeglOperation *operation)
{
  const Babl *source = gegl_operation_get_source_format (operation, "input");
  gchar      *name;
  const Babl *format;

  if (source == NULL || babl_format_is_palette (source))
    return babl_format_with_space ("R'G'B'A float", source);
  if (tessera_gegl_sample_type (source) != TESSERA_F32
      || strcmp (babl_get_name (babl_format_get_type (source, 0)), "float")
         == 0)
    return source;
  /* Half, u32 and double: their model in float, as the plug-ins read. */
  name = g_strdup_printf ("%s float",
                          babl_get_name (babl_format_get_model (source)));
  format = babl_format_with_space (name, source);
  g_free (name);
  return format;
}

const Babl *
tessera_gegl_prepare (GeglOperation *operation)
{
  const Babl *format = tessera_gegl_work_format (operation);

  gegl_operation_set_format (operation, "input", format);
  gegl_operation_set_format (operation, "output", format);
  return format;
}

/* ---- the whole extent ---------------------------------------------------- */

GeglRectangle
tessera_gegl_whole_input (GeglOperation       *operation,
                          const GeglRectangle *roi)
{
  const GeglRectangle *input =
    gegl_operation_source_get_bounding_box (operation, "input");

  if (input == NULL || gegl_rectangle_is_infinite_plane (input))
    return *roi;
  return *input;
}

GeglRectangle
tessera_gegl_whole_required (GeglOperation       *operation,
                             const gchar         *input_pad,
                             const GeglRectangle *roi)
{
  return tessera_gegl_whole_input (operation, roi);
}

/* ---- the core in GEGL ---------------------------------------------------- */

static bool
tell_progress (double  fraction,
               void   *operation)
{
  gegl_operation_progress (operation, fraction, "");
  return true;
}

TesseraExec
tessera_gegl_exec (GeglOperation *operation,
                   gboolean       threaded)
{
  TesseraExec exec = tessera_exec_reporting (TESSERA_BACKEND_CPU,
                                             operation != NULL
                                             ? tell_progress : NULL,
                                             NULL, operation);
  gint        threads = 1;

  if (threaded)
    g_object_get (gegl_config (), "threads", &threads, NULL);
  exec.threads = MAX (threads, 1);
  return exec;
}

gboolean
tessera_gegl_read (GeglBuffer          *buffer,
                   const GeglRectangle *rect,
                   const Babl          *format,
                   TesseraImage        *image)
{
  gsize  pixel = babl_format_get_bytes_per_pixel (format);
  gsize  size  = pixel * rect->width * rect->height;
  void  *data  = g_try_malloc (MAX (size, 1));

  if (data == NULL)
    return FALSE;
  *image = tessera_image_view (data, rect->width, rect->height,
                               babl_format_get_n_components (format),
                               tessera_gegl_sample_type (format));
  gegl_buffer_get (buffer, rect, 1.0, format, data, GEGL_AUTO_ROWSTRIDE,
                   GEGL_ABYSS_NONE);
  return TRUE;
}

void
tessera_gegl_write (GeglOperation       *operation,
                    GeglBuffer          *input,
                    GeglBuffer          *output,
                    const GeglRectangle *rect,
                    const Babl          *format,
                    const TesseraImage  *image,
                    TesseraStatus        status)
{
  if (status == TESSERA_OK)
    gegl_buffer_set (output, rect, 0, format, image->data, image->stride);
  else
    {
      g_warning ("%s: %s; the input is passed through unchanged",
                 gegl_operation_get_name (operation),
                 tessera_status_message (status));
      gegl_buffer_copy (input, rect, GEGL_ABYSS_NONE, output, rect);
    }
  gegl_operation_progress (operation, 1.0, "");
}
