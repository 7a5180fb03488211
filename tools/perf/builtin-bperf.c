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
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "util/bpf_counter.h"
#include "util/debug.h"

static const char *const bperf_usage =
	"usage: perf bperf [list] [<options>]\n"
	"\n"
	"    -j, --json            one JSON object per leader\n"
	"        --attr-map <path> the attr map to look at (default " BPERF_DEFAULT_ATTR_MAP
	")\n"
	"        --bpf-attr-map <path>\n"
	"                          alias of --attr-map\n"
	"    -h, --help            show this help\n";

static const struct option bperf_options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "attr-map", required_argument, NULL, 'm' },
	{ "bpf-attr-map", required_argument, NULL, 'm' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Options up to the next non-option.  Returns -1 to go on, else an exit. */
static int bperf__parse_options(int argc, const char **argv, bool *json,
				const char **path)
{
	int c;

	while ((c = getopt_long(argc, (char *const *)argv, "+jh", bperf_options,
				NULL)) != -1) {
		switch (c) {
		case 'j':
			*json = true;
			break;
		case 'm':
			*path = optarg;
			break;
		case 'h':
			fputs(bperf_usage, stdout);
			return 0;
		default:
			pr_error("bperf: unknown option '%s'",
				 argv[optind - 1]);
			pr_hint("see 'perf bperf -h'");
			return 2;
		}
	}
	return -1;
}

int cmd_bperf(int argc, const char **argv)
{
	const char *path = BPERF_DEFAULT_ATTR_MAP;
	char err[512] = "";
	bool json = false;
	int ret;

	opterr = 0;
	optind = 1;
	ret = bperf__parse_options(argc, argv, &json, &path);
	if (ret >= 0)
		return ret;
	if (optind < argc && strcmp(argv[optind], "list")) {
		pr_error("bperf: unknown subcommand '%s'", argv[optind]);
		pr_hint("perf bperf list [-j] [--attr-map PATH]");
		return 2;
	}
	if (optind < argc) {
		/* Options may follow the subcommand too. */
		optind++;
		ret = bperf__parse_options(argc, argv, &json, &path);
		if (ret >= 0)
			return ret;
	}
	if (optind < argc) {
		pr_error("bperf: unexpected argument '%s'", argv[optind]);
		return 2;
	}
	ret = bperf__list(path, json, stdout, err, sizeof(err));
	if (ret) {
		pr_error("bperf: %s", err);
		return 1;
	}
	return 0;
}
