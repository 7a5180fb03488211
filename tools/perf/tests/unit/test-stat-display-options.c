// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat output of the options that change its layout: --table (each
 * run's elapsed time after -r) and --summary's "summary" column in CSV
 * (--no-csv-summary drops it).  The texts are the distribution's perf 6.1
 * output for the same runs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "stat-scenario.h"

static const int any_cpu[] = { -1 };
static const pid_t task[] = { 1234 };

/*
 * perf 6.1, "perf stat --table -r 3 -e task-clock sleep 0.05": runs of
 * 0.053266, 0.051188 and 0.051411 s (ns that round to all it printed).
 */
static void test_table(void **state)
{
	static const double runs[] = { 53265580, 51188420, 51411020 };
	static const char want[] =
		"\n"
		"          # Table of individual measurements:\n"
		"          0.053266 (+0.001311) #\n"
		"          0.051188 (-0.000767) #\n"
		"          0.051411 (-0.000544) #\n"
		"\n"
		"          # Final result:\n"
		"          0.051955 +- 0.000658 seconds time elapsed  ( +-  1.27% )\n";
	double walltime_run[3];
	struct scenario s;
	char *text = NULL;
	size_t len = 0;

	scenario__init(&s, any_cpu, 1, task, 1);
	scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			"task-clock");
	s.config.run_count = 3;
	s.config.walltime_run_table = true;
	s.config.walltime_run = walltime_run;
	for (int i = 0; i < 3; i++) {
		scenario__count(s.ev[0], 0, 0, 670000, 670000, 670000);
		s.config.run_idx = i;
		walltime_run[i] = runs[i];
		update_stats(&s.config.walltime_nsecs_stats, runs[i]);
		scenario__process(&s);
	}
	scenario__render(&s, NULL, &text, &len);
	if (!strstr(text, want))
		fail_msg("--table printed:\n%s\nwanted:\n%s", text, want);
	free(text);
	s.config.walltime_run = NULL;
	scenario__exit(&s);
}

/*
 * perf 6.1, "perf stat -x, -I 200 --summary -e task-clock -a": the
 * summary line is the totals with "summary" where the timestamp was, or
 * the totals alone with --no-csv-summary.
 */
static void test_csv_summary(void **state)
{
	static const char with[] =
		"         summary,801.47,msec,task-clock,801471502,100.00,2.000,CPUs utilized\n";
	static const char without[] =
		"801.47,msec,task-clock,801471502,100.00,2.000,CPUs utilized\n";
	struct scenario s;

	for (int no_csv = 0; no_csv < 2; no_csv++) {
		char *text = NULL;
		size_t len = 0;

		scenario__init(&s, any_cpu, 1, task, 1);
		s.target.system_wide = true;
		scenario__event(&s, PERF_TYPE_SOFTWARE,
				PERF_COUNT_SW_TASK_CLOCK, "task-clock");
		scenario__count(s.ev[0], 0, 0, 801471502, 801471502, 801471502);
		s.config.csv_sep = ",";
		s.config.walltime_ns = 400735751;
		s.config.summary = true;
		s.config.no_csv_summary = no_csv;
		s.config.summary_line = true;
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
		assert_string_equal(text, no_csv ? without : with);
		free(text);
		scenario__exit(&s);
	}
}

int main(void)
{
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_csv_summary),
	};

	return scenario__run_tests(NULL, 0, extra,
				   sizeof(extra) / sizeof(extra[0]));
}
