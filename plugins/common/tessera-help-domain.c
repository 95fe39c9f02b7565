/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <libgimp/gimp.h>

#include "tessera-help-domain.h"

gchar *
tessera_help_domain (void)
{
  gchar *program = g_path_get_basename (gimp_get_progname ());
  gchar *domain  = g_strconcat (program, "-help", NULL);

  g_free (program);
  return domain;
}

gchar *
tessera_help_folder (void)
{
  gchar *program = g_canonicalize_filename (gimp_get_progname (), NULL);
  gchar *folder  = g_path_get_dirname (program);
  gchar *help    = g_build_filename (folder, "help", NULL);

  g_free (program);
  g_free (folder);
  return help;
}
