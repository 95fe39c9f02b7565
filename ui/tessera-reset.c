/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "tessera-reset.h"

#define DEFAULT_KEY "tessera-reset-default"

void
tessera_reset_remember (GtkWidget *widget,
                        gdouble    value)
{
  gdouble *kept = g_new (gdouble, 1);

  *kept = value;
  g_object_set_data_full (G_OBJECT (widget), DEFAULT_KEY, kept, g_free);
}

/* Sets WIDGET to its default, if it remembers one. */
static void
reset_widget (GtkWidget *widget,
              gpointer   data)
{
  const gdouble *value = g_object_get_data (G_OBJECT (widget), DEFAULT_KEY);

  if (value != NULL)
    {
      /* The spin button of a scale entry: its adjustment is the one the
       * slider follows and the settings are connected to. */
      if (GTK_IS_SPIN_BUTTON (widget))
        gtk_adjustment_set_value (gtk_spin_button_get_adjustment (
                                    GTK_SPIN_BUTTON (widget)), *value);
      else if (GTK_IS_TOGGLE_BUTTON (widget))
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (widget),
                                      *value != 0.0);
      else if (GIMP_IS_INT_COMBO_BOX (widget))
        gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (widget),
                                       (gint) *value);
    }
  if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), reset_widget, NULL);
}

void
tessera_reset_all (GtkWidget *root)
{
  reset_widget (root, NULL);
}
