/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera — Tessera's filters on image files, for scripts and batches:
 *   tessera VERB [OPTIONS] IN OUT
 * in the shape of vips and gmic; every verb has --help. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-options.h"
#include "cli-verbs.h"

typedef struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} Verb;

static const Verb verbs[] = {
  { "box-blur", cli_verb_box_blur,
    "the mean of a box around each pixel, repeated (in bands: any size)" },
  { "fill-contours", cli_verb_fill_contours,
    "the inside of every closed contour of line art, gaps closed" },
  { "reconstruct", cli_verb_reconstruct,
    "morphological reconstruction: fill holes, clear border, h-domes, …" },
  { "segment-colours", cli_verb_segment_colours,
    "the colours in a few classes, each pixel in its class's mean" },
  { "trace", cli_verb_trace,
    "the line through clicks, as an SVG path or GeoJSON in the georeference" },
};

static void
usage (FILE *out)
{
  fputs ("Usage: tessera VERB [OPTIONS] IN OUT\n"
         "       tessera VERB --help\n\n"
         "Tessera's filters on image files (any format GDAL reads; "
         "GeoTIFF georeference kept).\n\nVerbs:\n", out);
  for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
    fprintf (out, "  %-17s %s\n", verbs[i].name, verbs[i].summary);
  fputs ("\nEvery verb takes --threads N, --backend auto|cpu|cuda and "
         "--quiet.\n", out);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      usage (stderr);
      return CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (stdout);
      return CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("tessera %s\n", PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }
  for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
    if (strcmp (argv[1], verbs[i].name) == 0)
      return verbs[i].run (argc - 2, argv + 2);
  fprintf (stderr, "tessera: unknown verb '%s' (tessera --help lists them)\n",
           argv[1]);
  return CLI_EXIT_USAGE;
}
