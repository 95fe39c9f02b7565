/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — option tables (cli-options.h). */
#include "cli-options.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const cli_backends[] = { "auto", "cpu", "cuda", NULL };

static const char *const no_choices[] = { NULL };

void
cli_error (const char *verb, const char *format, ...)
{
  va_list args;

  fprintf (stderr, "tessera %s: ", verb);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
}

static CliOption
common_option (int i, CliCommon *common)
{
  const CliOption all[] = {
    { "threads", CLI_INT, &common->threads, 0, 4096, NULL, "N",
      "CPU threads (0: one a core)" },
    { "backend", CLI_CHOICE, &common->backend, 0, 0, cli_backends, "B",
      "where it runs: the GPU where it pays (auto), cpu or cuda" },
    { "quiet", CLI_FLAG, &common->quiet, 0, 0, NULL, NULL,
      "no progress bar" },
    { "help", CLI_FLAG, &common->help, 0, 0, NULL, NULL,
      "this text" },
    { NULL, 0, NULL, 0, 0, NULL, NULL, NULL }
  };
  return all[i];
}

static bool
find_option (const CliOption *options, CliCommon *common, const char *name,
             size_t length, CliOption *found)
{
  for (int i = 0; options[i].name != NULL; i++)
    if (strlen (options[i].name) == length
        && strncmp (options[i].name, name, length) == 0)
      {
        *found = options[i];
        return true;
      }
  for (int i = 0; common_option (i, common).name != NULL; i++)
    {
      CliOption option = common_option (i, common);

      if (strlen (option.name) == length
          && strncmp (option.name, name, length) == 0)
        {
          *found = option;
          return true;
        }
    }
  return false;
}

static void
print_range (FILE *out, const CliOption *option)
{
  const char *const *choices = option->choices != NULL ? option->choices
                                                        : no_choices;

  switch (option->kind)
    {
    case CLI_INT:
      fprintf (out, " (%.10g..%.10g", option->min, option->max);
      if (*(int *) option->value >= option->min)   /* else: no default */
        fprintf (out, ", default %d", *(int *) option->value);
      fputc (')', out);
      break;
    case CLI_DOUBLE:
      fprintf (out, " (%.10g..%.10g, default %g)", option->min, option->max,
               *(double *) option->value);
      break;
    case CLI_CHOICE:
      fputs (" (", out);
      for (int i = 0; choices[i] != NULL; i++)
        fprintf (out, "%s%s", i ? "|" : "", choices[i]);
      fprintf (out, ", default %s)", choices[*(int *) option->value]);
      break;
    case CLI_STRING:
    case CLI_FLAG:
      break;
    }
}

static bool
set_value (const char *verb, const CliOption *option, const char *text)
{
  char  *end = NULL;
  double number;

  switch (option->kind)
    {
    case CLI_FLAG:
      *(bool *) option->value = true;
      return true;
    case CLI_STRING:
      *(const char **) option->value = text;
      return true;
    case CLI_CHOICE:
      for (int i = 0; option->choices[i] != NULL; i++)
        if (strcmp (option->choices[i], text) == 0)
          {
            *(int *) option->value = i;
            return true;
          }
      break;
    case CLI_INT:
    case CLI_DOUBLE:
      errno = 0;
      number = strtod (text, &end);
      if (end == text || *end != '\0' || errno != 0 || ! isfinite (number)
          || number < option->min || number > option->max
          || (option->kind == CLI_INT && number != floor (number)))
        break;
      if (option->kind == CLI_INT)
        *(int *) option->value = (int) number;
      else
        *(double *) option->value = number;
      return true;
    }
  fprintf (stderr, "tessera %s: --%s takes ", verb, option->name);
  if (option->kind == CLI_INT)
    fputs ("an integer", stderr);
  else if (option->kind == CLI_DOUBLE)
    fputs ("a number", stderr);
  else
    fputs ("one of", stderr);
  print_range (stderr, option);
  fprintf (stderr, ", not '%s'\n", text);
  return false;
}

bool
cli_parse (const char *verb, int argc, char **argv, const CliOption *options,
           CliCommon *common, const char **positional, int n_positional,
           int *n_found)
{
  bool options_end = false;

  *n_found = 0;
  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *equals;
      CliOption   option;
      size_t      length;

      if (options_end || strncmp (arg, "--", 2) != 0 || arg[2] == '\0')
        {
          if (! options_end && strcmp (arg, "--") == 0)
            {
              options_end = true;
              continue;
            }
          if (*n_found == n_positional)
            {
              cli_error (verb, "unexpected argument '%s' (see --help)", arg);
              return false;
            }
          positional[(*n_found)++] = arg;
          continue;
        }
      arg += 2;
      equals = strchr (arg, '=');
      length = equals != NULL ? (size_t) (equals - arg) : strlen (arg);
      if (! find_option (options, common, arg, length, &option))
        {
          cli_error (verb, "unknown option --%.*s (see --help)", (int) length,
                     arg);
          return false;
        }
      if (option.kind == CLI_FLAG)
        {
          if (equals != NULL)
            {
              cli_error (verb, "--%s takes no value", option.name);
              return false;
            }
          *(bool *) option.value = true;
          continue;
        }
      if (equals == NULL && i + 1 == argc)
        {
          cli_error (verb, "--%s needs a value", option.name);
          return false;
        }
      if (! set_value (verb, &option, equals != NULL ? equals + 1
                                                     : argv[++i]))
        return false;
    }
  return true;
}

static void
print_option (FILE *out, const CliOption *option)
{
  char left[64];

  snprintf (left, sizeof left, "--%s%s%s", option->name,
            option->metavar != NULL ? " " : "",
            option->metavar != NULL ? option->metavar : "");
  fprintf (out, "  %-24s %s", left, option->help);
  print_range (out, option);
  fputc ('\n', out);
}

void
cli_print_help (FILE *out, const char *verb, const char *usage,
                const char *summary, const CliOption *options)
{
  CliCommon defaults = { 0 };

  fprintf (out, "Usage: tessera %s %s\n\n%s\n\nOptions:\n", verb, usage,
           summary);
  for (int i = 0; options[i].name != NULL; i++)
    print_option (out, &options[i]);
  for (int i = 0; common_option (i, &defaults).name != NULL; i++)
    {
      CliOption option = common_option (i, &defaults);
      print_option (out, &option);
    }
  fputs ("\nExit status: 0 done, 1 the operation failed, 2 bad options, "
         "3 a file could not be read or written.\n", out);
}
