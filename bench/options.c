/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"

static bool
has_value (const char *option, const char *text)
{
  if (text != NULL)
    return true;
  fprintf (stderr, "tessera-bench: %s needs a value\n", option);
  return false;
}

bool
bench_int_value (const char *option, const char *text, int min, int max,
                 int *value)
{
  char *end;
  long number;

  if (!has_value (option, text))
    return false;
  errno = 0;
  number = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || number < min
      || number > max)
    {
      fprintf (stderr, "tessera-bench: %s wants a whole number from %d to %d, "
               "not '%s'\n", option, min, max, text);
      return false;
    }
  *value = (int) number;
  return true;
}

bool
bench_double_value (const char *option, const char *text, double min,
                    double max, double *value)
{
  char *end;
  double number;

  if (!has_value (option, text))
    return false;
  errno = 0;
  number = strtod (text, &end);
  if (errno != 0 || end == text || *end != '\0' || !(number >= min)
      || !(number <= max))
    {
      fprintf (stderr, "tessera-bench: %s wants a number from %g to %g, "
               "not '%s'\n", option, min, max, text);
      return false;
    }
  *value = number;
  return true;
}

bool
bench_uint64_value (const char *option, const char *text, uint64_t *value)
{
  char *end;
  unsigned long long number;

  if (!has_value (option, text))
    return false;
  errno = 0;
  number = strtoull (text, &end, 0);
  if (errno != 0 || end == text || *end != '\0' || text[0] == '-')
    {
      fprintf (stderr, "tessera-bench: %s wants a non-negative whole number, "
               "not '%s'\n", option, text);
      return false;
    }
  *value = number;
  return true;
}

bool
bench_choice_value (const char *option, const char *text,
                    const char *const *choices, int *index)
{
  if (!has_value (option, text))
    return false;
  for (int i = 0; choices[i] != NULL; i++)
    if (strcmp (text, choices[i]) == 0)
      {
        *index = i;
        return true;
      }
  fprintf (stderr, "tessera-bench: %s wants one of", option);
  for (int i = 0; choices[i] != NULL; i++)
    fprintf (stderr, " %s", choices[i]);
  fprintf (stderr, ", not '%s'\n", text);
  return false;
}
