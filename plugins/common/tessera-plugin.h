/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — what every Tessera plug-in shares: its registration with GIMP,
 * the run modes, last values, translations and error reporting.
 *
 * A plug-in describes its procedure in a TesseraPlugin and calls
 * tessera_plugin_install from query () and tessera_plugin_run from run ();
 * it writes only what is its own: parse the arguments, check them, the
 * dialog, and the work.  Strings are translated in the "tessera" domain:
 * include <glib/gi18n-lib.h> after config.h for _() and N_(). */
#ifndef TESSERA_PLUGIN_H
#define TESSERA_PLUGIN_H

#include <libgimp/gimp.h>
#include "exec.h"
#include "status.h"
#include "tessera-args-gimp2.h"

/* What a run works on. */
typedef struct
{
  GimpRunMode    run_mode;
  gint32         image;
  gint32         drawable;
  GeglRectangle  bounds;      /* the selection's bounds on DRAWABLE */
  /* The procedure's return values (after the status), their types set,
   * for apply to fill in: n_return_vals of them, NULL when none. */
  GimpParam     *results;
} TesseraTarget;

typedef struct
{
  /* The procedure, for gimp_install_procedure. */
  const gchar         *name;         /* also the key of the last values */
  const gchar         *blurb;        /* N_() */
  const gchar         *help;
  const gchar         *menu_label;   /* N_() */
  const gchar         *image_types;
  const gchar * const *menu_paths;   /* NULL-terminated */

  /* The run.  VALUES is the plug-in's settings struct (defaults filled in),
   * VALUES_SIZE its size; it is kept between runs.  What a run needs but
   * must not keep (its input points…) may follow the settings in a larger
   * struct that starts with them. */
  gsize      values_size;
  /* What a non-interactive run derives from PARAM after ARGUMENTS took
   * their values (may be NULL). */
  void     (*parse)  (const GimpParam     *param,
                      gpointer             values);
  /* Checks what ARGUMENTS' ranges cannot say of VALUES, whichever way
   * they came (may be NULL). */
  gboolean (*check)  (gconstpointer        values,
                      GError             **error);
  /* Asks the user; FALSE when the user cancels. */
  gboolean (*dialog) (const TesseraTarget *target,
                      gpointer             values);
  /* Does the work: on success the image is changed, on failure it is not. */
  gboolean (*apply)  (const TesseraTarget *target,
                      gconstpointer        values,
                      GError             **error);

  /* What the procedure returns after the status (a new item's ID…), set
   * by apply in TARGET->results; none when N_RETURN_VALS is 0. */
  const GimpParamDef  *return_vals;
  gint                 n_return_vals;

  /* The procedure makes no use of the selection (it draws a new path…):
   * it runs whatever the selection is, with the whole drawable as
   * TARGET->bounds, instead of refusing a selection that misses the
   * drawable. */
  gboolean             ignores_selection;

  /* The arguments after run-mode, image and drawable, declared once
   * (tessera-args.h): they give the PDB's definitions, the parsing and the
   * range checks. */
  const TesseraArg    *arguments;
  gint                 n_arguments;
  /* The third argument's PDB name and description when it is not the
   * usual "drawable" (NULL for that). */
  const gchar         *drawable_name;
  const gchar         *drawable_description;
  /* Checks before ARGUMENTS' own (may be NULL): for a procedure whose
   * scripts and tests already match messages other than the
   * declaration's. */
  gboolean           (*precheck) (gconstpointer   values,
                                  GError        **error);
} TesseraPlugin;

/* For query (). */
void tessera_plugin_install (const TesseraPlugin *plugin);

/* For run (): the whole run, its results in *N_RETURN_VALS and
 * *RETURN_VALS.  Errors come back as GIMP_PDB_CALLING_ERROR (bad arguments)
 * or GIMP_PDB_EXECUTION_ERROR with the message as the second value, which
 * GIMP shows the user and script-fu reports. */
void tessera_plugin_run     (const TesseraPlugin *plugin,
                             gpointer             values,
                             gint                 n_params,
                             const GimpParam     *param,
                             gint                *n_return_vals,
                             GimpParam          **return_vals);

#endif
