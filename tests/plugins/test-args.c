/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera tests — a procedure's arguments declared once (tessera-args.h):
 * the defaults, the range checks and their messages, the PDB definitions
 * made from the table (names, types, ranges written from the numbers) and
 * the parsing of a non-interactive call.  No GIMP runs: these are the
 * table's own functions. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-args-gimp2.h"

typedef struct
{
  gint           radius;
  gdouble        share;
  TesseraBackend backend;
} Values;

static const TesseraArg args[] =
{
  TESSERA_ARG_INT ("radius", Values, radius, "_Radius", "How far",
                   0, 1000, 0, 100, 5, "px"),
  TESSERA_ARG_DOUBLE ("share", Values, share, "_Share", "How much",
                      0.0, 0.5, 0.0, 0.5, 0.01, NULL),
  TESSERA_ARG_BACKEND_OF (Values, backend)
};

static void
test_defaults (void)
{
  Values values;

  memset (&values, 0xff, sizeof values);
  tessera_args_defaults (args, G_N_ELEMENTS (args), &values);
  g_assert_cmpint (values.radius, ==, 5);
  g_assert_cmpfloat (values.share, ==, 0.01);
  g_assert_cmpint (values.backend, ==, TESSERA_BACKEND_AUTO);
}

/* Each argument out of its range is refused with its name and value. */
static void
test_checks (void)
{
  static const struct { Values values; const gchar *message; } cases[] =
  {
    { { 5, 0.01, TESSERA_BACKEND_CUDA }, NULL },
    { { 1001, 0.01, TESSERA_BACKEND_AUTO },
      "radius must be between 0 and 1000, not 1001." },
    { { -1, 0.01, TESSERA_BACKEND_AUTO },
      "radius must be between 0 and 1000, not -1." },
    { { 5, 0.75, TESSERA_BACKEND_AUTO },
      "share must be between 0 and 0.5, not 0.75." },
    { { 5, 0.01, 3 },
      "backend must be one of AUTO (0), CPU (1), CUDA (2), not 3." }
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GError   *error = NULL;
      gboolean  ok    = tessera_args_check (args, G_N_ELEMENTS (args),
                                            &cases[i].values, &error);

      g_assert_cmpint (ok, ==, cases[i].message == NULL);
      if (cases[i].message != NULL)
        g_assert_cmpstr (error->message, ==, cases[i].message);
      g_clear_error (&error);
    }
}

static void
test_not_a_number (void)
{
  Values  values = { 5, 0.0 / 0.0, TESSERA_BACKEND_AUTO };
  GError *error  = NULL;

  g_assert_false (tessera_args_check (args, G_N_ELEMENTS (args), &values,
                                      &error));
  g_assert_nonnull (strstr (error->message, "share"));
  g_clear_error (&error);
}

static void
test_param_defs (void)
{
  GimpParamDef *defs = tessera_args_param_defs (args, G_N_ELEMENTS (args),
                                                NULL, NULL);

  g_assert_cmpstr (defs[0].name, ==, "run-mode");
  g_assert_cmpstr (defs[2].name, ==, "drawable");
  g_assert_cmpint (defs[2].type, ==, GIMP_PDB_DRAWABLE);
  g_assert_cmpstr (defs[3].name, ==, "radius");
  g_assert_cmpint (defs[3].type, ==, GIMP_PDB_INT32);
  g_assert_cmpstr (defs[3].description, ==, "How far (0..1000)");
  g_assert_cmpint (defs[4].type, ==, GIMP_PDB_FLOAT);
  g_assert_cmpstr (defs[4].description, ==, "How much (0..0.5)");
  g_assert_cmpstr (defs[5].name, ==, "backend");
  g_assert_nonnull (strstr (defs[5].description,
                            "{ AUTO (0), CPU (1), CUDA (2) }"));
  tessera_param_defs_free (defs, 3 + G_N_ELEMENTS (args));
}

static void
test_parse (void)
{
  GimpParam param[6];
  Values    values;

  memset (param, 0, sizeof param);
  param[3].data.d_int32 = 42;
  param[4].data.d_float = 0.25;
  param[5].data.d_int32 = TESSERA_BACKEND_CPU;
  tessera_args_parse (args, G_N_ELEMENTS (args), param, &values);
  g_assert_cmpint (values.radius, ==, 42);
  g_assert_cmpfloat (values.share, ==, 0.25);
  g_assert_cmpint (values.backend, ==, TESSERA_BACKEND_CPU);
}

/* The other types: a boolean, drawables, coordinates (two PDB arguments),
 * and a third argument of another name. */
typedef struct
{
  gboolean         stroke;
  gint             marker;
  gint             guide;
  TesseraArgCoords coords;
} Others;

static const TesseraArg others[] =
{
  TESSERA_ARG_COORDS ("coords", Others, coords, "_Points", "x1 y1 x2 y2 …",
                      4, 2),
  TESSERA_ARG_BOOLEAN ("stroke", Others, stroke, "_Stroke", "Stroke it",
                       TRUE),
  TESSERA_ARG_DRAWABLE ("marker-drawable", Others, marker, "_Marker",
                        "The marker"),
  TESSERA_ARG_DRAWABLE_OR_NONE ("guide", Others, guide, "_Guide",
                                "A guide")
};

static void
test_other_types (void)
{
  GimpParamDef *defs;
  GimpParam     param[8];
  gdouble       points[4] = { 1, 2, 3, 4 };
  Others        values;
  GError       *error = NULL;
  gint          n_pdb = tessera_args_n_pdb (others, G_N_ELEMENTS (others));

  g_assert_cmpint (n_pdb, ==, 5);
  defs = tessera_args_param_defs (others, G_N_ELEMENTS (others),
                                  "mask-drawable", "The mask");
  g_assert_cmpstr (defs[2].name, ==, "mask-drawable");
  g_assert_cmpstr (defs[3].name, ==, "num-coords");
  g_assert_cmpint (defs[3].type, ==, GIMP_PDB_INT32);
  g_assert_cmpstr (defs[4].name, ==, "coords");
  g_assert_cmpint (defs[4].type, ==, GIMP_PDB_FLOATARRAY);
  g_assert_cmpint (defs[5].type, ==, GIMP_PDB_INT32);
  g_assert_cmpstr (defs[5].description, ==,
                   "Stroke it { FALSE (0), TRUE (1) }");
  g_assert_cmpint (defs[6].type, ==, GIMP_PDB_DRAWABLE);
  g_assert_cmpint (defs[7].type, ==, GIMP_PDB_INT32);
  g_assert_cmpstr (defs[7].description, ==, "A guide, or -1 for none");
  tessera_param_defs_free (defs, 3 + n_pdb);

  tessera_args_defaults (others, G_N_ELEMENTS (others), &values);
  g_assert_true (values.stroke);
  g_assert_cmpint (values.guide, ==, -1);
  g_assert_cmpint (values.coords.n, ==, 0);

  memset (param, 0, sizeof param);
  param[3].data.d_int32 = 4;
  param[4].data.d_floatarray = points;
  param[5].data.d_int32 = 0;
  param[6].data.d_drawable = 7;
  param[7].data.d_int32 = -1;
  tessera_args_parse (others, G_N_ELEMENTS (others), param, &values);
  g_assert_cmpint (values.coords.n, ==, 4);
  g_assert_true (values.coords.values == points);
  g_assert_false (values.stroke);
  g_assert_cmpint (values.marker, ==, 7);
  g_assert_cmpint (values.guide, ==, -1);
  g_assert_true (tessera_args_check (others, G_N_ELEMENTS (others), &values,
                                     NULL));

  values.coords.n = 3;
  g_assert_false (tessera_args_check (others, G_N_ELEMENTS (others), &values,
                                      &error));
  g_assert_cmpstr (error->message, ==, "coords must hold at least 4 "
                   "numbers, a multiple of 2; it holds 3.");
  g_clear_error (&error);
  values.coords.n = 4;
  values.stroke = 2;
  g_assert_false (tessera_args_check (others, G_N_ELEMENTS (others), &values,
                                      &error));
  g_assert_cmpstr (error->message, ==,
                   "stroke must be between 0 and 1, not 2.");
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/args/defaults", test_defaults);
  g_test_add_func ("/args/checks", test_checks);
  g_test_add_func ("/args/not-a-number", test_not_a_number);
  g_test_add_func ("/args/param-defs", test_param_defs);
  g_test_add_func ("/args/parse", test_parse);
  g_test_add_func ("/args/other-types", test_other_types);
  return g_test_run ();
}
