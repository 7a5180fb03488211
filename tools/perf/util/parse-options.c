// SPDX-License-Identifier: GPL-2.0
/*
 * Command-line options from one table (struct cmd_option): parse argv the
 * way getopt_long() does with "+" (options first, clustered short flags,
 * abbreviated long names), call each option's handler, and print the
 * table as the command's help.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "debug.h"
#include "error.h"
#include "parse-options.h"

/* Where the help of an option starts (perf's usage_with_options()). */
#define HELP_COLUMN 26

static bool cmd_option__is_end(const struct cmd_option *opt)
{
	return !opt->short_name && !opt->long_name;
}

/* Two names of one option (an abbreviation may stand for both). */
static bool cmd_option__same(const struct cmd_option *a,
			     const struct cmd_option *b)
{
	return a->handler == b->handler && a->offset == b->offset &&
	       a->value == b->value && !a->arg == !b->arg &&
	       a->optional == b->optional;
}

int cmd_option__set_true(const struct cmd_option *opt, const char *arg,
			 void *ctx, struct perf_error *err)
{
	*(bool *)((char *)ctx + opt->offset) = true;
	return 0;
}

int cmd_option__set_false(const struct cmd_option *opt, const char *arg,
			  void *ctx, struct perf_error *err)
{
	*(bool *)((char *)ctx + opt->offset) = false;
	return 0;
}

int cmd_option__set_string(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err)
{
	*(const char **)((char *)ctx + opt->offset) = arg;
	return 0;
}

int cmd_option__set_int(const struct cmd_option *opt, const char *arg,
			void *ctx, struct perf_error *err)
{
	*(int *)((char *)ctx + opt->offset) = opt->value;
	return 0;
}

static const struct cmd_option *find_short(const struct cmd_option *opts,
					   char name)
{
	for (const struct cmd_option *opt = opts; !cmd_option__is_end(opt);
	     opt++) {
		if (opt->short_name && opt->short_name == name)
			return opt;
	}
	return NULL;
}

/*
 * The option [name, name + len) names: its exact long name, or the only
 * option whose long name it abbreviates.  NULL if none, or ambiguous.
 */
static const struct cmd_option *find_long(const struct cmd_option *opts,
					  const char *name, size_t len)
{
	const struct cmd_option *found = NULL;
	bool ambiguous = false;

	for (const struct cmd_option *opt = opts; !cmd_option__is_end(opt);
	     opt++) {
		if (!opt->long_name || strncmp(opt->long_name, name, len))
			continue;
		if (strlen(opt->long_name) == len)
			return opt;
		if (!found)
			found = opt;
		else if (!cmd_option__same(found, opt))
			ambiguous = true;
	}
	return ambiguous ? NULL : found;
}

/* "--name", "--name=value" or "--name value" at argv[*i]. */
static int parse_long(int argc, const char **argv, int *i,
		      const struct cmd_option *opts, void *ctx,
		      struct perf_error *err)
{
	const char *text = argv[*i], *name = text + 2;
	const char *eq = strchr(name, '=');
	const struct cmd_option *opt;
	const char *value = NULL;

	opt = find_long(opts, name, eq ? (size_t)(eq - name) : strlen(name));
	if (!opt)
		return perf_error__set(err, -EINVAL, "unknown option '%s'",
				       text);
	if (!opt->arg) {
		if (eq)
			return perf_error__set(err, -EINVAL,
					       "option '%.*s' takes no value",
					       (int)(eq - text), text);
	} else if (eq) {
		value = eq + 1;
	} else if (!opt->optional) {
		if (*i + 1 >= argc)
			return perf_error__set(err, -EINVAL,
					       "option '%s' needs a value",
					       text);
		value = argv[++*i];
	}
	return opt->handler(opt, value, ctx, err);
}

/* "-a", "-abc", "-e value" or "-evalue" at argv[*i]. */
static int parse_short(int argc, const char **argv, int *i,
		       const struct cmd_option *opts, void *ctx,
		       struct perf_error *err)
{
	for (const char *c = argv[*i] + 1; *c; c++) {
		const struct cmd_option *opt = find_short(opts, *c);
		const char *value;
		int ret;

		if (!opt)
			return perf_error__set(err, -EINVAL,
					       "unknown option '-%c'", *c);
		if (!opt->arg || opt->optional) {
			ret = opt->handler(opt, NULL, ctx, err);
			if (ret)
				return ret;
			continue;
		}
		if (c[1]) {
			value = c + 1;
		} else if (*i + 1 < argc) {
			value = argv[++*i];
		} else {
			return perf_error__set(
				err, -EINVAL, "option '-%c' needs a value", *c);
		}
		return opt->handler(opt, value, ctx, err);
	}
	return 0;
}

int parse_options(int argc, const char **argv, const struct cmd_option *opts,
		  void *ctx, int *nr_parsed, struct perf_error *err)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *text = argv[i];
		int ret;

		if (!strcmp(text, "--")) {
			i++;
			break;
		}
		if (text[0] != '-' || !text[1])
			break;
		if (text[1] == '-')
			ret = parse_long(argc, argv, &i, opts, ctx, err);
		else
			ret = parse_short(argc, argv, &i, opts, ctx, err);
		if (ret)
			return ret;
	}
	*nr_parsed = i;
	return 0;
}

void parse_options__help(FILE *fh, const struct cmd_option *opts)
{
	for (const struct cmd_option *opt = opts; !cmd_option__is_end(opt);
	     opt++) {
		char names[256];
		int len;

		if (!opt->help)
			continue;
		len = snprintf(names, sizeof(names), "    ");
		if (opt->short_name)
			len += snprintf(names + len, sizeof(names) - len,
					"-%c%s", opt->short_name,
					opt->long_name ? ", " : "");
		else
			len += snprintf(names + len, sizeof(names) - len,
					"    ");
		if (opt->long_name)
			len += snprintf(names + len, sizeof(names) - len,
					"--%s", opt->long_name);
		if (opt->arg)
			len += snprintf(names + len, sizeof(names) - len,
					opt->optional ? "[=%s]" : " %s",
					opt->arg);
		if (len < HELP_COLUMN)
			fprintf(fh, "%-*s%s\n", HELP_COLUMN, names, opt->help);
		else
			fprintf(fh, "%s\n%*s%s\n", names, HELP_COLUMN, "",
				opt->help);
	}
}

void parse_options__usage(FILE *fh, const char *usage,
			  const struct cmd_option *opts)
{
	fprintf(fh, "\n %s\n\n", usage);
	parse_options__help(fh, opts);
	fputc('\n', fh);
}

int parse_options__no_args(int argc, const char **argv,
			   const struct cmd_option *opts, void *ctx,
			   const char *cmd, const char *usage)
{
	struct perf_error err;
	int ret, nr_parsed;

	ret = parse_options(argc, argv, opts, ctx, &nr_parsed, &err);
	if (ret == PARSE_OPTIONS_STOP)
		return 0;
	if (ret) {
		perf_error__print(&err);
		return 2;
	}
	if (nr_parsed < argc) {
		pr_error("%s: unexpected argument '%s'", cmd, argv[nr_parsed]);
		pr_hint("%s", usage);
		return 2;
	}
	return -1;
}
