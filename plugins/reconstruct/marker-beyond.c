/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>

#include "marker-beyond.h"
#include "reconstruct-beyond.h"
#include "tessera-gimp.h"

gboolean
reconstruct_count_beyond (const TesseraRegion      *mask,
                          const ReconstructValues  *values,
                          gsize                    *count,
                          GError                  **error)
{
  TesseraReconstruct params = tessera_reconstruct_default ();
  TesseraExec        exec   = tessera_exec_default ();
  TesseraImage       marker;
  size_t             n = 0;
  TesseraStatus      status;

  params.operation = values->operation;
  params.colour    = values->colour_mode;
  params.has_alpha = babl_format_has_alpha (mask->format);
  if (! reconstruct_read_marker (mask, values->marker, params.operation,
                                 &marker, error))
    return FALSE;
  status = tessera_reconstruct_count_beyond (&mask->image, &marker, &params,
                                             &exec, &n);
  tessera_image_free (&marker);
  if (status != TESSERA_OK)
    {
      tessera_set_error (error, status);
      return FALSE;
    }
  *count = n;
  return TRUE;
}

/* The first layer of LAYERS (N of them, groups entered) that is not
 * MASK, or -1. */
static gint32
first_other_layer (gint32        image,
                   const gint32 *layers,
                   gint          n,
                   gint32        mask)
{
  gint32 found = -1;
  gint   i;

  for (i = 0; i < n && found < 0; i++)
    if (gimp_item_is_group (TESSERA_ITEM (layers[i])))
      {
        gint    n_children;
        gint32 *children = tessera_gimp_layers (image, layers[i],
                                                &n_children);

        found = first_other_layer (image, children, n_children, mask);
        g_free (children);
      }
    else if (layers[i] != mask)
      found = layers[i];
  return found;
}

gint32
reconstruct_default_marker (gint32 mask)
{
  gint32  image = tessera_gimp_item_image (mask);
  gint    n;
  gint32 *layers = tessera_gimp_layers (image, -1, &n);
  gint32  marker = first_other_layer (image, layers, n, mask);

  g_free (layers);
  return marker >= 0 ? marker : mask;
}

gchar *
reconstruct_marker_text (gint32 mask,
                         gint32 marker)
{
  if (marker != mask)
    return NULL;
  return g_strdup (_("The marker is the mask itself: the result is the mask "
                     "unchanged.  Choose another layer or channel as the "
                     "marker, or use Reconstruction Presets, which make "
                     "the marker from the layer."));
}

gchar *
reconstruct_mask_text (gint32 mask)
{
  gchar *name = gimp_item_get_name (TESSERA_ITEM (mask));
  gchar *text;

  if (! gimp_item_is_layer (TESSERA_ITEM (mask)))
    return name;
  /* TRANSLATORS: the mask's row of the dialog: the active layer's name. */
  text = g_strdup_printf (_("%s (the active layer)"), name);
  g_free (name);
  return text;
}

gsize
reconstruct_samples (const TesseraRegion *mask,
                     gint                 colour_mode)
{
  const TesseraImage *image   = &mask->image;
  gint                colours = image->channels
                                - (babl_format_has_alpha (mask->format)
                                   ? 1 : 0);

  if (colour_mode == TESSERA_RECONSTRUCT_LUMINANCE && colours == 3)
    colours = 1;
  return MAX ((gsize) image->width * image->height * colours, 1);
}

/* "83 %", or "less than 1 %" where that would read 0. */
static gchar *
share_text (gdouble share)
{
  if (share < 0.005)
    /* TRANSLATORS: a share of the image, as in "above the mask in less
     * than 1 % of the image". */
    return g_strdup (_("less than 1 %"));
  return g_strdup_printf ("%.0f %%", 100.0 * share);
}

gchar *
reconstruct_beyond_text (gdouble                     share,
                         TesseraReconstructOperation operation)
{
  gchar *amount, *text;

  if (share <= 0.0)
    return NULL;
  amount = share_text (share);
  if (operation == TESSERA_RECONSTRUCT_EROSION)
    /* TRANSLATORS: the share is "83 %" or "less than 1 %". */
    text = g_strdup_printf (_("The marker lies below the mask in %s of the "
                              "image; it is raised to the mask first."),
                            amount);
  else
    /* TRANSLATORS: the share is "83 %" or "less than 1 %". */
    text = g_strdup_printf (_("The marker lies above the mask in %s of the "
                              "image; it is lowered to the mask first."),
                            amount);
  g_free (amount);
  return text;
}
