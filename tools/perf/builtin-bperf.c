// SPDX-License-Identifier: GPL-2.0
/*
 * perf bperf [list] [-j] [--attr-map PATH]
 *
 * What bperf shares right now: one line (or JSON object) per attr map
 * entry with its event, the leader's link, program and diff map ids, the
 * live sessions following it and their pids, and whether the entry is
 * live, dying (no live session: the kernel is freeing it), stale (the
 * leader is gone) or foreign (it points at something that is not a bperf
 * leader, which no session will ever attach to).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "util/bpf_counter.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/parse-options.h"

struct bperf_cmd {
	bool json;
	const char *path;
};

static int bperf__opt_help(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err);

static const struct cmd_option bperf_options[] = {
	{ 'j', "json", NULL, false, "one JSON object per leader",
	  cmd_option__set_true, offsetof(struct bperf_cmd, json) },
	{ 0, "attr-map", "<path>", false,
	  "the attr map to look at (default " BPERF_DEFAULT_ATTR_MAP ")",
	  cmd_option__set_string, offsetof(struct bperf_cmd, path) },
	{ 0, "bpf-attr-map", "<path>", false, "alias of --attr-map",
	  cmd_option__set_string, offsetof(struct bperf_cmd, path) },
	{ 'h', "help", NULL, false, "show this help", bperf__opt_help },
	CMD_OPTION_END,
};

static int bperf__opt_help(const struct cmd_option *opt, const char *arg,
			   void *ctx, struct perf_error *err)
{
	fputs("usage: perf bperf [list] [<options>]\n\n", stdout);
	parse_options__help(stdout, bperf_options);
	return PARSE_OPTIONS_STOP;
}

/*
 * The options of argv[1..argc-1] up to the next non-option (*next: its
 * index).  Returns -1 to go on, else the exit status.
 */
static int bperf__parse_options(int argc, const char **argv,
				struct bperf_cmd *cmd, int *next)
{
	struct perf_error err;
	int ret;

	ret = parse_options(argc, argv, bperf_options, cmd, next, &err);
	if (ret == PARSE_OPTIONS_STOP)
		return 0;
	if (ret) {
		pr_error("bperf: %s", err.msg);
		pr_hint("see 'perf bperf -h'");
		return 2;
	}
	return -1;
}

int cmd_bperf(int argc, const char **argv)
{
	struct bperf_cmd cmd = { .path = BPERF_DEFAULT_ATTR_MAP };
	struct perf_error err;
	int ret, next, more;

	ret = bperf__parse_options(argc, argv, &cmd, &next);
	if (ret >= 0)
		return ret;
	if (next < argc && strcmp(argv[next], "list")) {
		pr_error("bperf: unknown subcommand '%s'", argv[next]);
		pr_hint("perf bperf list [-j] [--attr-map PATH]");
		return 2;
	}
	if (next < argc) {
		/* Options may follow the subcommand too. */
		ret = bperf__parse_options(argc - next, argv + next, &cmd,
					   &more);
		if (ret >= 0)
			return ret;
		next += more;
	}
	if (next < argc) {
		pr_error("bperf: unexpected argument '%s'", argv[next]);
		return 2;
	}
	ret = bperf__list(cmd.path, cmd.json, stdout, &err);
	if (ret) {
		pr_error("bperf: %s", err.msg);
		return 1;
	}
	return 0;
}
