/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "tessera-args.h"
#include "tessera-display.h"

gboolean
tessera_display_open (const gchar  *procedure,
                      GError      **error)
{
  const gchar *display = gimp_display_name ();

  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);
  if (display == NULL || ! gtk_init_check (NULL, NULL))
    {
      g_set_error (error, TESSERA_PLUGIN_ERROR,
                   TESSERA_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: %s is the procedure's name. */
                   _("%s cannot show its dialog: GIMP has no display (in "
                     "gimp-console or a batch run, call it with "
                     "RUN-NONINTERACTIVE and its arguments)."),
                   procedure);
      return FALSE;
    }
  return TRUE;
}
