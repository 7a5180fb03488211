// SPDX-License-Identifier: GPL-2.0
/*
 * perf: run one command, "perf <command> [args]".  Each command gets its
 * own argv, with the command name as argv[0], and returns the exit status.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "util/debug.h"

#ifndef PERF_VERSION
#define PERF_VERSION "0.0"
#endif
#ifndef PERF_BUILD_MANDIR
#define PERF_BUILD_MANDIR ""
#endif

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *help;
};

static int cmd_version(int argc, const char **argv);
static int cmd_help(int argc, const char **argv);

static const struct cmd_struct commands[] = {
	{ "bperf", cmd_bperf, "Show the counters bperf shares right now" },
	{ "help", cmd_help, "Display this list, or a command's manual page" },
	{ "list", cmd_list, "List all symbolic event types" },
	{ "script", cmd_script, "Read perf stat record data and display it" },
	{ "stat", cmd_stat,
	  "Run a command and gather performance counter statistics" },
	{ "version", cmd_version, "Display the version of perf binary" },
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static const char perf_usage[] =
	"usage: perf [--version] [--help] COMMAND [ARGS]";

static void print_usage(FILE *out)
{
	fprintf(out, "\n %s\n\n The most commonly used perf commands are:\n",
		perf_usage);
	for (size_t i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "   %-15s %s\n", commands[i].name,
			commands[i].help);
	fprintf(out, "\n See 'perf help COMMAND' for more information on a "
		     "specific command.\n\n");
}

static const struct cmd_struct *command__find(const char *name)
{
	for (size_t i = 0; i < NR_COMMANDS; i++) {
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	}
	return NULL;
}

static int cmd_version(int argc, const char **argv)
{
	printf("perf version %s\n", PERF_VERSION);
	return 0;
}

/*
 * The manual page PAGE (perf-stat.1, ...) of this binary into path: next
 * to it once installed (PREFIX/bin/perf -> PREFIX/share/man/man1), else in
 * the tree it was built in.  -ENOENT when neither has it.
 */
static int help__find_page(const char *page, char *path, size_t len)
{
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int ret;

	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			ret = snprintf(path, len, "%s/../share/man/man1/%s",
				       exe, page);
			if (ret > 0 && (size_t)ret < len && !access(path, R_OK))
				return 0;
		}
	}
	if (*PERF_BUILD_MANDIR) {
		ret = snprintf(path, len, "%s/man1/%s", PERF_BUILD_MANDIR,
			       page);
		if (ret > 0 && (size_t)ret < len && !access(path, R_OK))
			return 0;
	}
	return -ENOENT;
}

/*
 * perf help [COMMAND]: the command list, or COMMAND's manual page through
 * man(1): this binary's own page where there is one, else whatever man
 * finds for perf-COMMAND.
 */
static int cmd_help(int argc, const char **argv)
{
	const struct cmd_struct *cmd;
	char name[64], page[80], path[PATH_MAX];

	if (argc < 2) {
		print_usage(stdout);
		return 0;
	}
	cmd = command__find(argv[1]);
	if (!cmd) {
		pr_error("unknown command '%s'", argv[1]);
		pr_hint("see 'perf --help'");
		return 2;
	}
	if (cmd->fn == cmd_help || cmd->fn == cmd_version)
		snprintf(name, sizeof(name), "perf");
	else
		snprintf(name, sizeof(name), "perf-%s", cmd->name);
	snprintf(page, sizeof(page), "%s.1", name);
	fflush(stdout);
	if (!help__find_page(page, path, sizeof(path)))
		execlp("man", "man", "-l", path, (char *)NULL);
	else
		execlp("man", "man", "1", name, (char *)NULL);
	pr_error("cannot show the manual page of '%s': man: %s", cmd->name,
		 strerror(errno));
	pr_hint("'perf %s -h' lists the options", cmd->name);
	return 1;
}

int main(int argc, const char **argv)
{
	const struct cmd_struct *cmd;

	argc--;
	argv++;
	/* global options before the command */
	while (argc > 0 && argv[0][0] == '-') {
		const char *opt = argv[0];

		if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
			print_usage(stdout);
			return 0;
		}
		if (!strcmp(opt, "--version") || !strcmp(opt, "-v"))
			return cmd_version(argc, argv);
		if (!strcmp(opt, "--no-pager") || !strcmp(opt, "-P") ||
		    !strcmp(opt, "--paginate")) {
			argc--; /* we never page */
			argv++;
			continue;
		}
		pr_error("unknown option '%s'", opt);
		pr_hint("%s", perf_usage);
		return 2;
	}
	if (argc == 0) {
		print_usage(stdout);
		return 2;
	}

	cmd = command__find(argv[0]);
	if (!cmd) {
		pr_error("unknown command '%s'", argv[0]);
		pr_hint("see 'perf --help' for the commands");
		return 2;
	}
	return cmd->fn(argc, argv);
}
