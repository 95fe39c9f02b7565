/* Tessera — a procedure's arguments, declared once.
 *
 * Each procedure lists its arguments (after run-mode, image and drawable)
 * in one table of TesseraArg, one line each: the PDB name, where the value
 * lives in the plug-in's values struct, the label and description shown to
 * people, the range, the slider's range, the default and, for a choice, its
 * values with their labels.  From that table the shared glue makes what
 * GIMP needs: the PDB argument definitions (their descriptions end in the
 * range, written from the numbers), the parsing of a non-interactive call,
 * the range checks with a message that names the argument and the value,
 * and the defaults.  Nothing here depends on a GIMP version but the
 * functions marked "GIMP 2.10", so a GIMP 3 glue can serve the same
 * table. */
#ifndef TESSERA_ARGS_H
#define TESSERA_ARGS_H

/* After config.h, for N_() in the tables. */
#include <glib/gi18n-lib.h>
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
#include "exec.h"

typedef enum
{
  TESSERA_ARG_INT,       /* a gint; PDB INT32 */
  TESSERA_ARG_DOUBLE,    /* a gdouble; PDB FLOAT */
  TESSERA_ARG_CHOICE     /* a gint, one of CHOICES' values; PDB INT32 */
} TesseraArgType;

/* One value of a choice: its number in the PDB, the name scripts see in
 * the description (upper case) and the label people see (N_()). */
typedef struct
{
  gint         value;
  const gchar *nick;
  const gchar *label;
} TesseraArgChoice;

typedef struct
{
  const gchar            *name;         /* as in the PDB: "radius-x" */
  TesseraArgType          type;
  gsize                   offset;       /* in the plug-in's values struct */
  const gchar            *label;        /* N_(), with its mnemonic */
  const gchar            *description;  /* N_(), without the range */
  gdouble                 min, max;     /* what a call may pass */
  gdouble                 ui_min, ui_max; /* a slider's range */
  gdouble                 value;        /* the default */
  const TesseraArgChoice *choices;      /* TESSERA_ARG_CHOICE: ends at a
                                           NULL nick */
  const gchar            *unit;         /* "px", or NULL */
} TesseraArg;

/* One line of a table. */
#define TESSERA_ARG_INT(NAME, STRUCT, FIELD, LABEL, DESCRIPTION, MIN, MAX,  \
                        UI_MIN, UI_MAX, DEFAULT, UNIT)                      \
  { NAME, TESSERA_ARG_INT, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,          \
    DESCRIPTION, MIN, MAX, UI_MIN, UI_MAX, DEFAULT, NULL, UNIT }
#define TESSERA_ARG_DOUBLE(NAME, STRUCT, FIELD, LABEL, DESCRIPTION, MIN,    \
                           MAX, UI_MIN, UI_MAX, DEFAULT, UNIT)              \
  { NAME, TESSERA_ARG_DOUBLE, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,       \
    DESCRIPTION, MIN, MAX, UI_MIN, UI_MAX, DEFAULT, NULL, UNIT }
#define TESSERA_ARG_CHOICE(NAME, STRUCT, FIELD, LABEL, DESCRIPTION,         \
                           CHOICES, DEFAULT)                                \
  { NAME, TESSERA_ARG_CHOICE, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,       \
    DESCRIPTION, 0, 0, 0, 0, DEFAULT, CHOICES, NULL }

/* Where to compute, for every procedure's "backend" argument: the
 * TesseraBackend values. */
extern const TesseraArgChoice tessera_backend_choices[];
#define TESSERA_ARG_BACKEND_OF(STRUCT, FIELD)                               \
  TESSERA_ARG_CHOICE ("backend", STRUCT, FIELD, N_("_Backend"),              \
                      N_("Where to compute; the CPU takes over when no GPU " \
                         "can be used"),                                    \
                      tessera_backend_choices, TESSERA_BACKEND_AUTO)

/* The smallest and largest value a choice takes. */
void         tessera_arg_choice_range (const TesseraArg *arg,
                                       gint             *min,
                                       gint             *max);

/* Fills VALUES with every argument's default. */
void         tessera_args_defaults    (const TesseraArg *args,
                                       gint              n_args,
                                       gpointer          values);

/* Checks every argument of VALUES against its range (a choice: one of its
 * values); the message names the argument and the value it had. */
gboolean     tessera_args_check       (const TesseraArg *args,
                                       gint              n_args,
                                       gconstpointer     values,
                                       GError          **error);

/* GIMP 2.10: the dialog's row for the number ARG (INT or DOUBLE) of
 * VALUES in TABLE at ROW: its label, a slider over the UI range (the entry
 * takes the whole range), its unit and its description as the tooltip; the
 * slider keeps the value up to date.  Returns the adjustment. */
GtkAdjustment *tessera_arg_scale_new  (GtkTable         *table,
                                       gint              row,
                                       const TesseraArg *arg,
                                       gpointer          values);

/* GIMP 2.10: the PDB's definitions of run-mode, image, drawable and then
 * ARGS, in a new array of 3 + N_ARGS (free with tessera_param_defs_free). */
GimpParamDef *tessera_args_param_defs (const TesseraArg *args,
                                       gint              n_args);
void          tessera_param_defs_free (GimpParamDef     *defs,
                                       gint              n_defs);

/* GIMP 2.10: the values of a non-interactive call, PARAM[3 ..], into
 * VALUES. */
void          tessera_args_parse      (const TesseraArg *args,
                                       gint              n_args,
                                       const GimpParam  *param,
                                       gpointer          values);

#endif
