/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>

#include "tessera-applies.h"
#include "tessera-test-hook.h"

/* TEXT as the tooltip of WIDGET and of every widget inside it: a row
 * made of a label, a slider and an entry (GIMP 3's scale entry) shows the
 * tooltip of the part under the pointer. */
static void
set_tooltips (GtkWidget   *widget,
              const gchar *text)
{
  gtk_widget_set_tooltip_text (widget, text);
  if (GTK_IS_CONTAINER (widget))
    {
      GList *children = gtk_container_get_children (GTK_CONTAINER (widget));
      GList *child;

      for (child = children; child != NULL; child = child->next)
        set_tooltips (child->data, text);
      g_list_free (children);
    }
}

void
tessera_applies_set (const gchar *name,
                     gboolean     applies,
                     const gchar *tip,
                     const gchar *why_not,
                     GtkWidget   *first_widget,
                     ...)
{
  gchar     *text;
  GtkWidget *widget;
  va_list    widgets;

  if (applies)
    text = g_strdup (tip);
  else if (tip != NULL && *tip != '\0')
    text = g_strdup_printf ("%s\n\n%s", why_not, tip);
  else
    text = g_strdup (why_not);
  va_start (widgets, first_widget);
  for (widget = first_widget; widget != NULL;
       widget = va_arg (widgets, GtkWidget *))
    {
      gtk_widget_set_sensitive (widget, applies);
      set_tooltips (widget, text);
    }
  va_end (widgets);
  g_free (text);
  if (applies)
    tessera_test_hook_note ("sensitive", name);
  else
    {
      gchar *note = g_strdup_printf ("%s: %s", name, why_not);

      tessera_test_hook_note ("insensitive", note);
      g_free (note);
    }
}
