/* Tessera — an undo step named after what ran ("Fill holes") rather than
 * the procedure ("Morphological Reconstruction Presets").
 *
 * GIMP names the undo steps a plug-in makes (its undo groups, a merged
 * shadow) after the procedure that runs, by its menu label
 * (app/pdb/image-undo-cmds.c, gimp_plug_in_get_undo_desc), and libgimp has
 * no call that names them otherwise, in 2.10 as in 3.  But the procedure
 * that runs is the innermost one GIMP has called in the plug-in: a
 * temporary procedure of the plug-in itself, labelled with the name wanted
 * and called by the plug-in, does the work, and its label names the step.
 * libgimp answers such a call while it waits for the call's own return, so
 * the work runs in the same process, with the same memory. */
#ifndef TESSERA_UNDO_NAME_H
#define TESSERA_UNDO_NAME_H

#include <glib.h>

/* Runs WORK (DATA) once, so that the undo step it makes is named NAME;
 * where the temporary procedure cannot be had, WORK runs as it is and the
 * step keeps the procedure's name. */
void tessera_undo_named (const gchar *name,
                         void       (*work) (gpointer data),
                         gpointer     data);

#endif
