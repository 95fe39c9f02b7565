/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — where a plug-in's help pages lie, for GIMP's help system.
 *
 * make install and make install-user put each plug-in's pages
 * (plugins/help/tessera-help.c) in help/ next to its program, with a
 * gimp-help.xml per language that maps each procedure's help ID, its name,
 * to its page; the plug-in registers that folder with GIMP as its help
 * domain, found from the program's path, so the dialogs' Help button opens
 * the page wherever the plug-in was installed. */
#ifndef TESSERA_HELP_DOMAIN_H
#define TESSERA_HELP_DOMAIN_H

#include <glib.h>

/* The domain's name, the program's name with "-help" (each plug-in
 * program has its own domain), newly allocated. */
gchar *tessera_help_domain (void);

/* The absolute path of help/ next to the program, newly allocated. */
gchar *tessera_help_folder (void);

#endif
