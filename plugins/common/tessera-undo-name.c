#include "config.h"

#include "tessera-gimp-ids.h"
#include "tessera-undo-name.h"

/* The work the temporary procedure runs: one at a time, since a plug-in
 * runs one procedure at a time. */
typedef struct
{
  void   (*work) (gpointer data);
  gpointer data;
  gboolean ran;
} Pending;

static Pending pending;

static void
run_pending (void)
{
  if (pending.work != NULL && ! pending.ran)
    {
      pending.ran = TRUE;
      pending.work (pending.data);
    }
}

#if TESSERA_GIMP3

static GimpValueArray *
temp_run (GimpProcedure        *procedure,
          GimpProcedureConfig  *config,
          gpointer              data)
{
  run_pending ();
  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS, NULL);
}

static void
run_named (const gchar *name)
{
  GimpPlugIn     *plug_in = gimp_get_plug_in ();
  gchar          *proc    = gimp_pdb_temp_procedure_name (gimp_get_pdb ());
  GimpProcedure  *procedure;
  GimpValueArray *result;

  procedure = gimp_procedure_new (plug_in, proc, GIMP_PDB_PROC_TYPE_TEMPORARY,
                                  temp_run, NULL, NULL);
  gimp_procedure_set_menu_label (procedure, name);
  gimp_plug_in_add_temp_procedure (plug_in, procedure);
  g_object_unref (procedure);
  /* Through GIMP, not straight to temp_run: GIMP's own view of the
   * procedure, not the plug-in's object. */
  procedure = gimp_pdb_lookup_procedure (gimp_get_pdb (), proc);
  if (procedure != NULL)
    {
      result = gimp_procedure_run_config (procedure, NULL);
      gimp_value_array_unref (result);
    }
  /* Not removed: the plug-in ends with the run, and the procedure with
   * it; removed now, it would leave libgimp's PDB, which looked it up,
   * with a procedure gone, and the run would fail after its end. */
  g_free (proc);
}

#else

static void
temp_run (const gchar      *name,
          gint              n_params,
          const GimpParam  *param,
          gint             *n_return_vals,
          GimpParam       **return_vals)
{
  static GimpParam values[1];

  run_pending ();
  values[0].type          = GIMP_PDB_STATUS;
  values[0].data.d_status = GIMP_PDB_SUCCESS;
  *n_return_vals = 1;
  *return_vals   = values;
}

static void
run_named (const gchar *name)
{
  static const GimpParamDef args[] =
  {
    { GIMP_PDB_INT32, "run-mode", "The run mode" }
  };
  gchar     *proc = gimp_procedural_db_temp_name ();
  GimpParam *result;
  gint       n_result;

  gimp_install_temp_proc (proc, "Tessera's work under its own name",
                          "Runs the work whose undo step it names", "Tessera",
                          "Tessera", "2026", name, "", GIMP_TEMPORARY,
                          G_N_ELEMENTS (args), 0, args, NULL, temp_run);
  result = gimp_run_procedure (proc, &n_result,
                               GIMP_PDB_INT32, GIMP_RUN_NONINTERACTIVE,
                               GIMP_PDB_END);
  gimp_destroy_params (result, n_result);
  gimp_uninstall_temp_proc (proc);
  g_free (proc);
}

#endif

void
tessera_undo_named (const gchar *name,
                    void       (*work) (gpointer data),
                    gpointer     data)
{
  pending.work = work;
  pending.data = data;
  pending.ran  = FALSE;
  run_named (name);
  /* The temporary procedure did not run: the work runs all the same. */
  run_pending ();
  pending.work = NULL;
}
