/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-format.h"

const Babl *
tessera_format_with_type (const Babl *format,
                          const char *type)
{
  /* An encoding is "MODEL TYPE", e.g. "R'G'B'A u8". */
  const gchar *encoding  = babl_format_get_encoding (format);
  const gchar *type_name = strrchr (encoding, ' ');
  gchar       *swapped;
  const Babl  *result;

  swapped = g_strdup_printf ("%.*s %s", (gint) (type_name - encoding),
                             encoding, type);
  result = babl_format_with_space (swapped, format);
  g_free (swapped);
  return result;
}
