/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera — the backend choice of every dialog. */
#ifndef TESSERA_BACKEND_COMBO_H
#define TESSERA_BACKEND_COMBO_H

#include <gtk/gtk.h>
#include "exec.h"

/* A combo box for Automatic / CPU / GPU (CUDA) that keeps *BACKEND up to
 * date.  Where no GPU can be used, the GPU entry is greyed out, the tooltip
 * says why, and a stored choice of the GPU becomes Automatic. */
GtkWidget *tessera_backend_combo_new (TesseraBackend *backend);

#endif
