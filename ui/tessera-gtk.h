/* Tessera — the few GTK calls that differ between GTK 2 (GIMP 2.10) and
 * GTK 3 (GIMP 3), for widgets and dialogs built for both from one source.
 * Add one here when such code needs another. */
#ifndef TESSERA_GTK_H
#define TESSERA_GTK_H

#include <gtk/gtk.h>

#define TESSERA_GTK3 GTK_CHECK_VERSION (3, 0, 0)

static inline GtkWidget *
tessera_box_new (GtkOrientation orientation,
                 gint           spacing)
{
#if TESSERA_GTK3
  return gtk_box_new (orientation, spacing);
#else
  if (orientation == GTK_ORIENTATION_VERTICAL)
    return gtk_vbox_new (FALSE, spacing);
  return gtk_hbox_new (FALSE, spacing);
#endif
}

/* LABEL's text to the left (XALIGN 0) or where XALIGN says, at the top. */
static inline void
tessera_label_align (GtkWidget *label,
                     gfloat     xalign)
{
#if TESSERA_GTK3
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_yalign (GTK_LABEL (label), 0.0);
#else
  gtk_misc_set_alignment (GTK_MISC (label), xalign, 0.0);
#endif
}

#endif
