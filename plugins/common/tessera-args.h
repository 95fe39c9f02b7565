/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 * the defaults and the dialog's rows.  Nothing in this header depends on a
 * GIMP version: tessera-args-gimp2.h serves a table to GIMP 2.10, and a
 * GIMP 3 glue can serve the same table. */
#ifndef TESSERA_ARGS_H
#define TESSERA_ARGS_H

/* After config.h, for N_() in the tables. */
#include <glib/gi18n-lib.h>
#include "exec.h"
#include "status.h"

/* The submenu all Tessera procedures appear in; each procedure's menus
 * (NAME_MENUS in its NAME-args.h) serve both GIMPs and its help page. */
#define TESSERA_MENU "<Image>/Filters/Tessera"

typedef enum
{
  TESSERA_ARG_INT,         /* a gint; PDB INT32 */
  TESSERA_ARG_DOUBLE,      /* a gdouble; PDB FLOAT */
  TESSERA_ARG_CHOICE,      /* a gint, one of CHOICES' values; PDB INT32 */
  TESSERA_ARG_BOOLEAN,     /* a gboolean; PDB INT32, FALSE (0) or TRUE (1) */
  TESSERA_ARG_DRAWABLE,    /* a gint, the ID of a drawable of the image;
                              PDB DRAWABLE */
  TESSERA_ARG_DRAWABLE_ID, /* a gint, a drawable's ID or -1 for none; PDB
                              INT32 (GIMP 3: a drawable, or none) */
  TESSERA_ARG_COORDS       /* a TesseraArgCoords; PDB INT32 "num-NAME",
                              then FLOATARRAY NAME (GIMP 3: a double
                              array) */
} TesseraArgType;

/* The value of a TESSERA_ARG_COORDS argument: N numbers at VALUES, which
 * belong to the call (they live as long as the run). */
typedef struct
{
  gint           n;
  const gdouble *values;
} TesseraArgCoords;

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
  gdouble                 value;        /* the default; COORDS: how many
                                           numbers make one item */
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
#define TESSERA_ARG_BOOLEAN(NAME, STRUCT, FIELD, LABEL, DESCRIPTION,        \
                            DEFAULT)                                        \
  { NAME, TESSERA_ARG_BOOLEAN, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,      \
    DESCRIPTION, 0, 1, 0, 1, DEFAULT, NULL, NULL }
/* A drawable; with NONE_OK, -1 (GIMP 3: none) stands for no drawable and
 * the PDB of GIMP 2.10 takes an INT32. */
#define TESSERA_ARG_DRAWABLE(NAME, STRUCT, FIELD, LABEL, DESCRIPTION)       \
  { NAME, TESSERA_ARG_DRAWABLE, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,     \
    DESCRIPTION, 0, G_MAXINT, 0, 0, 0, NULL, NULL }
#define TESSERA_ARG_DRAWABLE_OR_NONE(NAME, STRUCT, FIELD, LABEL,            \
                                     DESCRIPTION)                           \
  { NAME, TESSERA_ARG_DRAWABLE_ID, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,  \
    DESCRIPTION, -1, G_MAXINT, 0, 0, -1, NULL, NULL }
/* Numbers: at least MIN_COUNT of them, a multiple of STEP (2 for points
 * x1 y1 x2 y2 …); checked by tessera_args_check. */
#define TESSERA_ARG_COORDS(NAME, STRUCT, FIELD, LABEL, DESCRIPTION,         \
                           MIN_COUNT, STEP)                                 \
  { NAME, TESSERA_ARG_COORDS, G_STRUCT_OFFSET (STRUCT, FIELD), LABEL,       \
    DESCRIPTION, MIN_COUNT, G_MAXINT, 0, 0, STEP, NULL, NULL }

/* Where to compute, for every procedure's "backend" argument: the
 * TesseraBackend values. */
extern const TesseraArgChoice tessera_backend_choices[];
#define TESSERA_ARG_BACKEND_OF(STRUCT, FIELD)                               \
  TESSERA_ARG_CHOICE ("backend", STRUCT, FIELD, N_("_Backend"),              \
                      N_("Where to compute; the CPU takes over when no GPU " \
                         "can be used"),                                    \
                      tessera_backend_choices, TESSERA_BACKEND_AUTO)

/* The value in VALUES of the integer or choice argument NAME of ARGS, or
 * FALLBACK when ARGS has none of that name. */
gint         tessera_args_int_named   (const TesseraArg *args,
                                       gint              n_args,
                                       gconstpointer     values,
                                       const gchar      *name,
                                       gint              fallback);

/* How many PDB arguments of GIMP 2.10 ARGS make: a COORDS argument makes
 * two. */
gint         tessera_args_n_pdb       (const TesseraArg *args,
                                       gint              n_args);

/* The label and description of a choice's value VALUE (NULL for none). */
const TesseraArgChoice *
             tessera_arg_choice_of    (const TesseraArg *arg,
                                       gint              value);

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

/* A newly allocated description of ARG for the PDB: its text and its
 * range from the numbers, "… (0..1048576)", or its choices, "… { AUTO (0),
 * CPU (1), CUDA (2) }". */
gchar       *tessera_arg_describe     (const TesseraArg *arg);

/* Errors of the plug-ins' arguments and runs; the code is a
 * TesseraStatus. */
#define TESSERA_PLUGIN_ERROR (tessera_plugin_error_quark ())
GQuark       tessera_plugin_error_quark (void);

/* Sets *ERROR to STATUS's message, translated. */
void         tessera_set_error        (GError          **error,
                                       TesseraStatus     status);

/* Checks that the argument NAME lies in MIN..MAX. */
gboolean     tessera_check_range      (const gchar      *name,
                                       gint              value,
                                       gint              min,
                                       gint              max,
                                       GError          **error);

/* The same for a floating-point argument (NaN lies in no range). */
gboolean     tessera_check_range_double (const gchar    *name,
                                         gdouble         value,
                                         gdouble         min,
                                         gdouble         max,
                                         GError        **error);

/* Where ARG's value lies in VALUES. */
static inline gint *
tessera_arg_int (const TesseraArg *arg,
                 gpointer          values)
{
  return (gint *) G_STRUCT_MEMBER_P (values, arg->offset);
}

static inline TesseraArgCoords *
tessera_arg_coords (const TesseraArg *arg,
                    gpointer          values)
{
  return (TesseraArgCoords *) G_STRUCT_MEMBER_P (values, arg->offset);
}

static inline gdouble *
tessera_arg_double (const TesseraArg *arg,
                    gpointer          values)
{
  return (gdouble *) G_STRUCT_MEMBER_P (values, arg->offset);
}

#endif
