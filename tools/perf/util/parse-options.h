/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PARSE_OPTIONS_H
#define PERF_UTIL_PARSE_OPTIONS_H

/*
 * A command's options as one table, in the spirit of git's and perf's
 * parse-options: each entry's short name, long name, value, help and
 * handler drive both the parsing and the help text.
 *
 * Parsing follows getopt_long() with "+": "-ab" is -a -b, "-e x" and
 * "-ex" give -e a value, "--event x" and "--event=x" too, a long name may
 * be shortened to any unambiguous prefix, and "--" or the first argument
 * that is not an option ends the options.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct cmd_option;
struct perf_error;

/*
 * What an option does with its value (NULL for a flag, or an optional
 * value not given) in the command's context ctx.  Returns 0 to go on,
 * PARSE_OPTIONS_STOP to stop successfully (--help was answered), or a
 * negative errno with err filled: -EINVAL for a bad value.
 */
typedef int (*cmd_option_fn)(const struct cmd_option *opt, const char *arg,
			     void *ctx, struct perf_error *err);

#define PARSE_OPTIONS_STOP 1

struct cmd_option {
	char short_name; /* 0: none */
	const char *long_name; /* NULL: none; the table ends at neither */
	const char *arg; /* "<n>": takes a value; NULL: a flag */
	bool optional; /* the value only as --name=value */
	const char *help; /* NULL: not listed */
	cmd_option_fn handler;
	size_t offset; /* the generic handlers: where in ctx */
	int value; /* cmd_option__set_int: what to set */
};

#define CMD_OPTION_END \
	{              \
		0      \
	}

/* Generic handlers: a bool, a const char * or an int at ctx + offset. */
int cmd_option__set_true(const struct cmd_option *opt, const char *arg,
			 void *ctx, struct perf_error *err);
int cmd_option__set_false(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err);
int cmd_option__set_string(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err);
int cmd_option__set_int(const struct cmd_option *opt, const char *arg,
			void *ctx, struct perf_error *err);

/*
 * Parse argv[1..argc-1] with the handlers of opts.  Returns 0 with
 * *nr_parsed the index of the first argument after the options,
 * PARSE_OPTIONS_STOP, or a negative errno with err filled (-EINVAL: an
 * unknown option, a missing or unexpected value, or a handler's bad
 * value).
 */
int parse_options(int argc, const char **argv, const struct cmd_option *opts,
		  void *ctx, int *nr_parsed, struct perf_error *err);

/*
 * A command that takes options and no other argument: parse them, and
 * print what went wrong (an unexpected argument: the usage as a hint).
 * Returns -1 to go on, or the exit status (0 after --help, 2).
 */
int parse_options__no_args(int argc, const char **argv,
			   const struct cmd_option *opts, void *ctx,
			   const char *cmd, const char *usage);

/* The help: the usage line, then every listed option, perf's layout. */
void parse_options__usage(FILE *fh, const char *usage,
			  const struct cmd_option *opts);
/* The listed options alone, one line each (two for a long name). */
void parse_options__help(FILE *fh, const struct cmd_option *opts);

#endif /* PERF_UTIL_PARSE_OPTIONS_H */
