/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — writes the help pages, at build time, from the procedures'
 * declarations (NAME-args.h): what each procedure does (its blurb and
 * help), its menus, every setting with its range, choices and default, and
 * a Script-Fu example, so that a page cannot drift from its procedure.
 *
 *   tessera-help DIR
 *
 * writes DIR/PLUGIN/en/gimp-help.xml, mapping each procedure's help ID
 * (its name) to its page, and DIR/PLUGIN/en/PROCEDURE.html, for each
 * plug-in program PLUGIN: make install puts DIR/PLUGIN as help/ next to
 * the program, where tessera-help-domain.h registers it with GIMP.  The
 * pages are in English (see docs/dialogs.md, "Help pages"). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "box-blur-args.h"
#include "fill-contours-args.h"
#include "mst-segment-args.h"
#include "reconstruct-args.h"
#include "trace-line-args.h"
#include "geojson-export.h"

typedef struct
{
  const gchar      *plugin;      /* the program's folder */
  const gchar      *name;        /* the PDB procedure, its help ID */
  const gchar      *label;       /* the menu label, with mnemonic */
  const gchar      *blurb;
  const gchar      *help;
  const gchar      *menus[3];
  const TesseraArg *args;
  gint              n_args;
  const TesseraArg *dialog_args; /* shown by the dialog instead of one */
  gint              n_dialog_args;
  const gchar      *example;     /* Script-Fu */
  const gchar      *drawable;    /* the third argument's name, when not
                                    "drawable", and its description */
  const gchar      *drawable_description;
  const gchar      *string_args; /* HTML: the arguments no table holds */
} Page;

#define ARGS(table) table, G_N_ELEMENTS (table)

static const Page pages[] =
{
  { "tessera-box-blur", BOX_BLUR_PROC, BOX_BLUR_LABEL, BOX_BLUR_BLURB,
    BOX_BLUR_HELP, { BOX_BLUR_MENUS }, ARGS (box_blur_args), NULL, 0,
    "; radius 10 x 4, three passes (about a Gaussian), any backend\n"
    "(plug-in-tessera-box-blur RUN-NONINTERACTIVE image drawable 10 4 3 0)",
    NULL, NULL, NULL },
  { "tessera-fill-contours", FILL_CONTOURS_PROC, FILL_CONTOURS_LABEL,
    FILL_CONTOURS_BLURB, FILL_CONTOURS_HELP, { FILL_CONTOURS_MENUS },
    ARGS (fill_contours_args), NULL, 0,
    "; dark lines, flat colours on a new layer, 2 px under the line, gaps\n"
    "; of up to 3 px closed, colour seed 7\n"
    "(plug-in-tessera-fill-contours RUN-NONINTERACTIVE image drawable\n"
    "                               1 0.5 4 3 0 2 0 3 0 0 0 -1 7)",
    NULL, NULL, NULL },
  { "tessera-mst-segment", MST_SEGMENT_PROC, MST_SEGMENT_LABEL,
    MST_SEGMENT_BLURB, MST_SEGMENT_HELP, { MST_SEGMENT_MENUS },
    ARGS (segment_args), NULL, 0,
    "; 8 classes, none under 1 % of the pixels, in CIE L*a*b*, a layer\n"
    "; per class, any backend, the weighted method\n"
    "(plug-in-tessera-mst-segment RUN-NONINTERACTIVE image drawable\n"
    "                             8 0.01 1.0 1 1 0 0)", NULL, NULL, NULL },
  { "tessera-reconstruct", RECONSTRUCT_PROC, RECONSTRUCT_LABEL,
    RECONSTRUCT_BLURB, RECONSTRUCT_HELP, { RECONSTRUCT_MENUS },
    ARGS (reconstruct_args), NULL, 0,
    "; the layer MARKER dilated under the drawable, 8-connected, into a\n"
    "; new layer, each channel on its own\n"
    "(plug-in-tessera-reconstruct RUN-NONINTERACTIVE image drawable marker\n"
    "                             0 8 0 0 0)",
    RECONSTRUCT_MASK_NAME, RECONSTRUCT_MASK_DESCRIPTION, NULL },
  { "tessera-reconstruct", PRESET_PROC, PRESET_LABEL, PRESET_BLURB,
    PRESET_HELP, { RECONSTRUCT_MENUS }, ARGS (preset_args),
    ARGS (preset_dialog_args),
    "; h-domes of 10 %, 8-connected, in place, each channel on its own\n"
    "(plug-in-tessera-reconstruct-preset RUN-NONINTERACTIVE image drawable\n"
    "                                    2 10.0 8 1 0 0)", NULL, NULL, NULL },
  { "tessera-trace-line", TRACE_PROC, TRACE_LABEL, TRACE_BLURB, TRACE_HELP,
    { TRACE_MENUS }, ARGS (trace_line_args), NULL, 0,
    "; from 385,290 through 425,445 to 470,600; returns the new path\n"
    "(plug-in-tessera-trace-line RUN-NONINTERACTIVE image drawable\n"
    "  6 #(385 290 425 445 470 600)\n"
    "  8 256 20 30 1.5 0 0 0 0.05 0.15 3 1 1 3 1 3 0 0.5)", NULL, NULL, NULL },
  { "tessera-trace-line", TRACE_FROM_PATH_PROC, TRACE_FROM_PATH_LABEL,
    TRACE_FROM_PATH_BLURB, TRACE_FROM_PATH_HELP, { TRACE_MENUS },
    ARGS (trace_settings_args), NULL, 0,
    "; through the anchors of the active path\n"
    "(plug-in-tessera-trace-line-from-path RUN-NONINTERACTIVE image drawable\n"
    "  8 256 20 30 1.5 0 0 0 0.05 0.15 3 1 1 3 1 3 0 0.5)", NULL, NULL, NULL },
  /* Its filename and georeference are strings, which no table holds: the
   * help text describes them. */
  { "tessera-trace-line", GEOJSON_PROC, GEOJSON_LABEL, GEOJSON_BLURB,
    GEOJSON_HELP, { TESSERA_MENU }, NULL, 0, NULL, 0,
    "; every path, in the georeference of the image's own file (its world\n"
    "; file, or its GeoTIFF tags); returns 1 when georeferenced\n"
    "(plug-in-tessera-export-paths-geojson RUN-NONINTERACTIVE image drawable\n"
    "  \"/tmp/roads.geojson\" \"\")", NULL, NULL,
    "<code>filename</code> (a string: the GeoJSON file to write), then "
    "<code>georeference</code> (a string: the file whose georeference to "
    "use; empty: the image&apos;s own)" }
};

/* TEXT without its mnemonic's underscore, escaped for HTML. */
static gchar *
plain (const gchar *text)
{
  gchar  *stripped = g_strdup (text);
  gchar  *out      = stripped;
  gchar  *escaped;

  for (const gchar *in = text; *in != '\0'; in++)
    if (*in != '_')
      *out++ = *in;
  *out = '\0';
  escaped = g_markup_escape_text (stripped, -1);
  g_free (stripped);
  return escaped;
}

/* "<Image>/Filters/Tessera" and the label as a person reads them. */
static void
write_menu (FILE        *out,
            const gchar *path,
            const gchar *label)
{
  gchar **parts = g_strsplit (path, "/", -1);
  gchar  *text  = plain (label);

  fputs ("<li>", out);
  for (gint i = 1; parts[i] != NULL; i++)
    fprintf (out, "%s &rarr; ", parts[i]);
  fprintf (out, "%s</li>\n", text);
  g_free (text);
  g_strfreev (parts);
}

static void
write_number (FILE        *out,
              gdouble      value,
              const gchar *unit)
{
  fprintf (out, "%.10g%s%s", value, unit != NULL ? "&nbsp;" : "",
           unit != NULL ? unit : "");
}

/* What ARG takes, and its default. */
static void
write_values (FILE             *out,
              const TesseraArg *arg)
{
  switch (arg->type)
    {
    case TESSERA_ARG_INT:
    case TESSERA_ARG_DOUBLE:
      write_number (out, arg->min, NULL);
      fputs (" to ", out);
      write_number (out, arg->max, arg->unit);
      fputs ("; default ", out);
      write_number (out, arg->value, arg->unit);
      break;
    case TESSERA_ARG_CHOICE:
      fputs ("<ul>", out);
      for (const TesseraArgChoice *c = arg->choices; c->nick != NULL; c++)
        {
          gchar *label = plain (c->label);

          gchar *number = g_strdup_printf ("%d", c->value);

          /* A nick that is the number says nothing more. */
          fprintf (out, "<li><code>%d</code>%s%s%s: %s%s</li>", c->value,
                   strcmp (c->nick, number) != 0 ? " (" : "",
                   strcmp (c->nick, number) != 0 ? c->nick : "",
                   strcmp (c->nick, number) != 0 ? ")" : "", label,
                   c->value == (gint) arg->value ? " &mdash; default" : "");
          g_free (number);
          g_free (label);
        }
      fputs ("</ul>", out);
      break;
    case TESSERA_ARG_BOOLEAN:
      fprintf (out, "<code>0</code> (off) or <code>1</code> (on); default "
               "%s", arg->value != 0 ? "on" : "off");
      break;
    case TESSERA_ARG_DRAWABLE:
      fputs ("a layer or channel of the image", out);
      break;
    case TESSERA_ARG_DRAWABLE_ID:
      fputs ("a layer of the image, or <code>-1</code> for none (the "
             "default)", out);
      break;
    case TESSERA_ARG_COORDS:
      fprintf (out, "Script-Fu passes <code>num-%s</code>, then the numbers "
               "as a float array: at least %g of them, in groups of %g",
               arg->name, arg->min, arg->value);
      break;
    }
}

/* ARG's default as GIMP 3's Script-Fu writes it. */
static void
write_named_default (FILE             *out,
                     const TesseraArg *arg)
{
  const TesseraArgChoice *choice;
  gchar                  *nick;

  switch (arg->type)
    {
    case TESSERA_ARG_INT:
    case TESSERA_ARG_DOUBLE:
      fprintf (out, "%.10g", arg->value);
      break;
    case TESSERA_ARG_BOOLEAN:
      fputs (arg->value != 0 ? "TRUE" : "FALSE", out);
      break;
    case TESSERA_ARG_CHOICE:
      choice = tessera_arg_choice_of (arg, (gint) arg->value);
      nick   = g_ascii_strdown (choice->nick, -1);
      fprintf (out, "\"%s\"", nick);
      g_free (nick);
      break;
    default:
      fputs ("&hellip;", out);
      break;
    }
}

static void
write_settings (FILE             *out,
                const TesseraArg *args,
                gint              n_args)
{
  fputs ("<table>\n<tr><th>Setting</th><th>Script-Fu argument</th>"
         "<th>What it does</th><th>Values</th></tr>\n", out);
  for (gint i = 0; i < n_args; i++)
    {
      gchar *label = plain (args[i].label);
      gchar *what  = plain (args[i].description);

      fprintf (out, "<tr><td>%s</td><td><code>%s</code></td><td>%s</td><td>",
               label, args[i].name, what);
      write_values (out, &args[i]);
      fputs ("</td></tr>\n", out);
      g_free (label);
      g_free (what);
    }
  fputs ("</table>\n", out);
}

static void
write_page (FILE       *out,
            const Page *page)
{
  gchar *title   = plain (page->label);
  gchar *blurb   = plain (page->blurb);
  gchar *help    = plain (page->help);
  gchar *example = g_markup_escape_text (page->example, -1);

  if (g_str_has_suffix (title, "…"))
    title[strlen (title) - strlen ("…")] = '\0';
  fprintf (out,
           "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
           "<meta charset=\"utf-8\">\n<title>%s &mdash; Tessera</title>\n"
           "<style>body { font-family: sans-serif; max-width: 50em; "
           "margin: 1em auto; padding: 0 1em; } th, td { text-align: left; "
           "vertical-align: top; padding: 0.3em; border-bottom: 1px solid "
           "#ccc; } pre { background: #eee; padding: 0.5em; }</style>\n"
           "</head>\n<body>\n<h1>%s</h1>\n<p><strong>%s.</strong></p>\n"
           "<p>%s</p>\n<h2>Menus</h2>\n<ul>\n", title, title, blurb, help);
  for (gint i = 0; i < (gint) G_N_ELEMENTS (page->menus)
                   && page->menus[i] != NULL; i++)
    write_menu (out, page->menus[i], page->label);
  fputs ("</ul>\n<h2>Settings</h2>\n<p>In the order Script-Fu passes them, "
         "after the run mode, the image and the drawable.</p>\n", out);
  if (page->drawable != NULL)
    {
      gchar *what = plain (page->drawable_description);

      fprintf (out, "<p>The drawable, <code>%s</code> in the Procedure "
               "Browser: %s.</p>\n", page->drawable, what);
      g_free (what);
    }
  write_settings (out, page->args, page->n_args);
  if (page->dialog_args != NULL)
    {
      fputs ("<p>The dialog shows the parameter as one of these, by "
             "preset:</p>\n", out);
      write_settings (out, page->dialog_args, page->n_dialog_args);
    }
  if (page->string_args != NULL)
    fprintf (out, "<p>%s.</p>\n", page->string_args);
  fprintf (out, "<h2>From Script-Fu</h2>\n<pre>%s</pre>\n", example);
  if (page->n_args > 0)
    {
      fprintf (out, "<p>GIMP 3&apos;s Script-Fu names the arguments "
               "instead, any left out taking their defaults, and a choice by "
               "its name in lower case: <code>(%s #:run-mode "
               "RUN-NONINTERACTIVE #:image image #:drawables (vector "
               "drawable) #:%s ", page->name, page->args[0].name);
      write_named_default (out, &page->args[0]);
      fputs (")</code>.</p>\n", out);
    }
  fprintf (out, "<p>The procedure <code>%s</code>; Help "
           "&rarr; Procedure Browser lists its arguments too.</p>\n"
           "</body>\n</html>\n", page->name);
  g_free (title);
  g_free (blurb);
  g_free (help);
  g_free (example);
}

/* DIR/PLUGIN/en, made; NULL with a message when it cannot be. */
static gchar *
locale_folder (const gchar *dir,
               const gchar *plugin)
{
  gchar *folder = g_build_filename (dir, plugin, "en", NULL);

  if (g_mkdir_with_parents (folder, 0755) == 0)
    return folder;
  g_printerr ("tessera-help: %s: %s\n", folder, g_strerror (errno));
  g_free (folder);
  return NULL;
}

/* Writes the page of procedure I, and the map of its plug-in's pages when
 * it is that plug-in's last. */
static gboolean
write_files (const gchar *dir,
             gint         i)
{
  const Page *page   = &pages[i];
  gchar      *folder = locale_folder (dir, page->plugin);
  gchar      *path;
  FILE       *out;
  gboolean    ok;

  if (folder == NULL)
    return FALSE;
  path = g_strdup_printf ("%s/%s.html", folder, page->name);
  out  = g_fopen (path, "w");
  if (out != NULL)
    write_page (out, page);
  ok = out != NULL && fclose (out) == 0;
  g_free (path);
  if (ok && (i + 1 == (gint) G_N_ELEMENTS (pages)
             || strcmp (pages[i + 1].plugin, page->plugin) != 0))
    {
      path = g_build_filename (folder, "gimp-help.xml", NULL);
      out  = g_fopen (path, "w");
      if (out != NULL)
        {
          fputs ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gimp-help>\n",
                 out);
          for (gint j = 0; j <= i; j++)
            if (strcmp (pages[j].plugin, page->plugin) == 0)
              fprintf (out, "  <help-item id=\"%s\" ref=\"%s.html\"/>\n",
                       pages[j].name, pages[j].name);
          fputs ("</gimp-help>\n", out);
        }
      ok = out != NULL && fclose (out) == 0;
      g_free (path);
    }
  if (! ok)
    g_printerr ("tessera-help: cannot write in %s\n", folder);
  g_free (folder);
  return ok;
}

int
main (int    argc,
      char **argv)
{
  if (argc != 2)
    {
      g_printerr ("usage: tessera-help DIR\n");
      return 2;
    }
  for (gint i = 0; i < (gint) G_N_ELEMENTS (pages); i++)
    if (! write_files (argv[1], i))
      return 1;
  return 0;
}
