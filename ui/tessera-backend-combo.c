/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-backend-combo.h"
#include "tessera-reset.h"

static gboolean
backend_usable_without_gpu (gint     value,
                            gpointer data)
{
  return value != TESSERA_BACKEND_CUDA;
}

static void
backend_changed (GimpIntComboBox *combo,
                 TesseraBackend  *backend)
{
  gint value;

  if (gimp_int_combo_box_get_active (combo, &value))
    *backend = (TesseraBackend) value;
}

GtkWidget *
tessera_backend_combo_new (TesseraBackend *backend)
{
  TesseraStatus  gpu = tessera_gpu_probe ();
  GtkWidget     *combo;
  gchar         *tooltip;

  combo = gimp_int_combo_box_new (_("Automatic"),  TESSERA_BACKEND_AUTO,
                                  _("CPU"),        TESSERA_BACKEND_CPU,
                                  _("GPU (CUDA)"), TESSERA_BACKEND_CUDA,
                                  NULL);
  if (gpu == TESSERA_OK)
    {
      tooltip = g_strdup (_("Automatic uses the GPU where it is faster "
                            "than the CPU."));
    }
  else
    {
      gimp_int_combo_box_set_sensitivity (GIMP_INT_COMBO_BOX (combo),
                                          backend_usable_without_gpu,
                                          NULL, NULL);
      /* TRANSLATORS: %s says why no GPU can be used. */
      tooltip = g_strdup_printf (_("The GPU cannot be used here.\n%s."),
                                 _(tessera_status_message (gpu)));
      if (*backend == TESSERA_BACKEND_CUDA)
        *backend = TESSERA_BACKEND_AUTO;
    }
  gimp_help_set_help_data (combo, tooltip, NULL);
  g_free (tooltip);

  /* Every procedure declares its backend with TESSERA_ARG_BACKEND_OF, whose
   * default is automatic. */
  tessera_reset_remember (combo, TESSERA_BACKEND_AUTO);
  gimp_int_combo_box_connect (GIMP_INT_COMBO_BOX (combo), *backend,
                              G_CALLBACK (backend_changed), backend);
  return combo;
}
