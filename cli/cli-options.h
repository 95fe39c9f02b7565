/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tessera command line — a verb's options, each declared once with its
 * range, default and help line; parsing and --help come from the table. */
#ifndef TESSERA_CLI_OPTIONS_H
#define TESSERA_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

typedef enum
{
  CLI_INT,      /* int *, within [min, max] */
  CLI_DOUBLE,   /* double *, within [min, max] */
  CLI_FLAG,     /* bool *, set by the option alone */
  CLI_CHOICE,   /* int *, the index of the value in choices */
  CLI_STRING    /* const char ** */
} CliOptionKind;

typedef struct
{
  const char          *name;      /* without the leading -- */
  CliOptionKind        kind;
  void                *value;
  double               min, max;
  const char *const   *choices;   /* CLI_CHOICE: NULL-terminated */
  const char          *metavar;   /* N, X, FILE… */
  const char          *help;
} CliOption;

/* Exit codes a script can act on. */
enum
{
  CLI_EXIT_OK = 0,
  CLI_EXIT_FAILED = 1,   /* the operation failed or was cancelled */
  CLI_EXIT_USAGE = 2,    /* bad options or arguments */
  CLI_EXIT_IO = 3        /* a file could not be read or written */
};

/* Options every verb takes. */
typedef struct
{
  int  threads;   /* 0: all cores */
  int  backend;   /* index in cli_backends */
  bool quiet;     /* no progress bar */
  bool help;
} CliCommon;

extern const char *const cli_backends[];

/* Parses ARGV (after the verb) with OPTIONS (ending with a NULL name) and
 * the common options into COMMON; the other arguments go to POSITIONAL
 * (at most N_POSITIONAL; their count in *N_FOUND).  On a bad option prints
 * one line to stderr and returns false. */
bool cli_parse (const char *verb, int argc, char **argv,
                const CliOption *options, CliCommon *common,
                const char **positional, int n_positional, int *n_found);

/* Prints a verb's usage: USAGE, SUMMARY, then every option with its range
 * and default (the value it holds now). */
void cli_print_help (FILE *out, const char *verb, const char *usage,
                     const char *summary, const CliOption *options);

/* One line "tessera VERB: MESSAGE" on stderr. */
void cli_error (const char *verb, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

#endif
