// SPDX-License-Identifier: GPL-2.0
/*
 * The option table parser: getopt_long()'s rules (clustered short flags,
 * attached and separate values, abbreviated long names, "--" and the
 * first non-option ending the options), its errors, the handlers' own
 * results, and the help layout perf stat prints.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/error.h"
#include "util/parse-options.h"

struct opts {
	bool all, verbose, color;
	const char *event, *cache;
	int mode;
	int nr_events;
};

static int count_event(const struct cmd_option *opt, const char *arg, void *ctx,
		       struct perf_error *err)
{
	struct opts *o = ctx;

	if (!strcmp(arg, "bad"))
		return perf_error__set(err, -EINVAL, "bad event '%s'", arg);
	o->event = arg;
	o->nr_events++;
	return 0;
}

static int stop(const struct cmd_option *opt, const char *arg, void *ctx,
		struct perf_error *err)
{
	return PARSE_OPTIONS_STOP;
}

#define FIELD(f) offsetof(struct opts, f)

static const struct cmd_option table[] = {
	{ 'a', "all-cpus", NULL, false, "every CPU", cmd_option__set_true,
	  FIELD(all) },
	{ 'e', "event", "<event>", false, "an event", count_event },
	{ 'h', "help", NULL, false, "show this help", stop },
	{ 'v', NULL, NULL, false, "more output", cmd_option__set_true,
	  FIELD(verbose) },
	{ 0, "color", NULL, false, "in color", cmd_option__set_true,
	  FIELD(color) },
	{ 0, "colour", NULL, false, "alias of --color", cmd_option__set_true,
	  FIELD(color) },
	{ 0, "per-cache", "<level>", true, "per cache", cmd_option__set_string,
	  FIELD(cache) },
	{ 0, "per-core", NULL, false, "per core", cmd_option__set_int,
	  FIELD(mode), 2 },
	{ 0, "a-rather-long-option-name", "<value>", false,
	  "the help goes on the next line", cmd_option__set_string,
	  FIELD(event) },
	{ 0, "hidden", NULL, false, NULL, cmd_option__set_true, FIELD(all) },
	CMD_OPTION_END,
};

/* Parse a NULL-terminated argv after "cmd"; *rest: first argument left. */
static int parse(struct opts *o, struct perf_error *err, int *rest, ...)
{
	const char *argv[16] = { "cmd" };
	int argc = 1;
	va_list ap;

	va_start(ap, rest);
	while ((argv[argc] = va_arg(ap, const char *)))
		argc++;
	va_end(ap);
	memset(o, 0, sizeof(*o));
	memset(err, 0, sizeof(*err));
	*rest = -1;
	return parse_options(argc, argv, table, o, rest, err);
}

static void test_short(void **state)
{
	struct perf_error err;
	struct opts o;
	int rest;

	assert_int_equal(parse(&o, &err, &rest, "-av", "-e", "x", NULL), 0);
	assert_true(o.all && o.verbose);
	assert_string_equal(o.event, "x");
	assert_int_equal(rest, 4);
	/* attached value, and a value that looks like an option */
	assert_int_equal(parse(&o, &err, &rest, "-ave1", "-e", "-a", NULL), 0);
	assert_int_equal(o.nr_events, 2);
	assert_string_equal(o.event, "-a");
	assert_false(o.color);
}

static void test_long(void **state)
{
	struct perf_error err;
	struct opts o;
	int rest;

	assert_int_equal(parse(&o, &err, &rest, "--event", "x", "--event=y",
			       "--event=", "--all-cpus", NULL),
			 0);
	assert_int_equal(o.nr_events, 3);
	assert_string_equal(o.event, "");
	assert_true(o.all);
	/* an optional value only with '=' */
	assert_int_equal(parse(&o, &err, &rest, "--per-cache", "L2", NULL), 0);
	assert_null(o.cache);
	assert_int_equal(rest, 2);
	assert_int_equal(parse(&o, &err, &rest, "--per-cache=L2", NULL), 0);
	assert_string_equal(o.cache, "L2");
	assert_int_equal(parse(&o, &err, &rest, "--per-core", NULL), 0);
	assert_int_equal(o.mode, 2);
}

static void test_abbreviations(void **state)
{
	struct perf_error err;
	struct opts o;
	int rest;

	assert_int_equal(parse(&o, &err, &rest, "--ev", "x", "--al", NULL), 0);
	assert_string_equal(o.event, "x");
	assert_true(o.all);
	/* two names of one option are no ambiguity */
	assert_int_equal(parse(&o, &err, &rest, "--col", NULL), 0);
	assert_true(o.color);
	/* an exact name wins over the longer ones it starts */
	assert_int_equal(parse(&o, &err, &rest, "--color", NULL), 0);
	assert_int_equal(parse(&o, &err, &rest, "--per-c", NULL), -EINVAL);
	assert_string_equal(err.msg, "unknown option '--per-c'");
	assert_int_equal(parse(&o, &err, &rest, "--=x", NULL), -EINVAL);
	assert_string_equal(err.msg, "unknown option '--=x'");
}

static void test_end_of_options(void **state)
{
	struct perf_error err;
	struct opts o;
	int rest;

	assert_int_equal(parse(&o, &err, &rest, "-a", "--", "-v", NULL), 0);
	assert_int_equal(rest, 3);
	assert_false(o.verbose);
	assert_int_equal(parse(&o, &err, &rest, "-a", "sleep", "-v", NULL), 0);
	assert_int_equal(rest, 2);
	assert_false(o.verbose);
	assert_int_equal(parse(&o, &err, &rest, "-", "-v", NULL), 0);
	assert_int_equal(rest, 1);
	assert_int_equal(parse(&o, &err, &rest, NULL), 0);
	assert_int_equal(rest, 1);
}

static void test_errors(void **state)
{
	static const struct {
		const char *args[3];
		const char *msg;
	} cases[] = {
		{ { "-x" }, "unknown option '-x'" },
		{ { "-ax" }, "unknown option '-x'" },
		{ { "--bogus=1" }, "unknown option '--bogus=1'" },
		{ { "-e" }, "option '-e' needs a value" },
		{ { "-ae" }, "option '-e' needs a value" },
		{ { "--ev" }, "option '--ev' needs a value" },
		{ { "--all=1" }, "option '--all' takes no value" },
		{ { "-e", "bad" }, "bad event 'bad'" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct perf_error err;
		struct opts o;
		int rest;

		assert_int_equal(parse(&o, &err, &rest, cases[i].args[0],
				       cases[i].args[1], NULL),
				 -EINVAL);
		assert_string_equal(err.msg, cases[i].msg);
		assert_int_equal(rest, -1);
	}
}

static void test_stop(void **state)
{
	struct perf_error err;
	struct opts o;
	int rest;

	assert_int_equal(parse(&o, &err, &rest, "-ah", "-x", NULL),
			 PARSE_OPTIONS_STOP);
	assert_true(o.all);
}

static void test_usage(void **state)
{
	static const char want[] =
		"\n"
		" Usage: cmd [<options>]\n"
		"\n"
		"    -a, --all-cpus        every CPU\n"
		"    -e, --event <event>   an event\n"
		"    -h, --help            show this help\n"
		"    -v                    more output\n"
		"        --color           in color\n"
		"        --colour          alias of --color\n"
		"        --per-cache[=<level>]\n"
		"                          per cache\n"
		"        --per-core        per core\n"
		"        --a-rather-long-option-name <value>\n"
		"                          the help goes on the next line\n"
		"\n";
	char *text = NULL;
	size_t len = 0;
	FILE *fh = open_memstream(&text, &len);

	assert_non_null(fh);
	parse_options__usage(fh, "Usage: cmd [<options>]", table);
	fclose(fh);
	assert_string_equal(text, want);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_abbreviations),
		cmocka_unit_test(test_end_of_options),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
