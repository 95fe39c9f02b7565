/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — the verbs; each takes the arguments after its
 * name and returns the exit status (cli-options.h). */
#ifndef TESSERA_CLI_VERBS_H
#define TESSERA_CLI_VERBS_H

int cli_verb_box_blur        (int argc, char **argv);
int cli_verb_fill_contours   (int argc, char **argv);
int cli_verb_reconstruct     (int argc, char **argv);
int cli_verb_segment_colours (int argc, char **argv);
int cli_verb_trace           (int argc, char **argv);

#endif
