/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>

#include "tessera-test-hook.h"

void
tessera_test_hook_note (const gchar *what,
                        const gchar *text)
{
  const gchar *path = g_getenv ("TESSERA_TEST_HOOK");
  FILE        *file;

  if (path == NULL || *path == '\0' || (file = fopen (path, "a")) == NULL)
    return;
  fprintf (file, "%s: %s\n", what, text != NULL ? text : "");
  fclose (file);
}
