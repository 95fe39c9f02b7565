/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>

#include "tessera-applies.h"
#include "tessera-test-hook.h"

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
      gtk_widget_set_tooltip_text (widget, text);
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
