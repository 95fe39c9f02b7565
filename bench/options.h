/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tessera-bench — reading option values.  Each helper says on stderr what is
 * wrong with a bad value (naming OPTION) and returns false. */
#ifndef BENCH_OPTIONS_H
#define BENCH_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/* TEXT is NULL when the option was the last argument. */
bool bench_int_value    (const char *option, const char *text, int min,
                         int max, int *value);
bool bench_double_value (const char *option, const char *text, double min,
                         double max, double *value);
bool bench_uint64_value (const char *option, const char *text,
                         uint64_t *value);
/* CHOICES is NULL-terminated; *INDEX gets the position of TEXT in it. */
bool bench_choice_value (const char *option, const char *text,
                         const char *const *choices, int *index);

#endif
