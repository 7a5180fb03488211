// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the perf.data reader of perf stat report and perf
 * script (stat_file__open_mem() and stat_file__replay()) on arbitrary
 * bytes, with every round aggregated per CPU and printed as perf stat
 * report would.  A refused file must leave a reason in err.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/cpumap.h"
#include "util/error.h"
#include "util/evsel.h"
#include "util/stat-file.h"
#include "util/stat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fuzz_report {
	struct perf_stat_config config;
	bool stats;
};

static int fuzz__round(struct stat_file *sf, __u64 type, __u64 time_ns,
		       void *ctx)
{
	struct fuzz_report *r = ctx;

	if (!r->stats) {
		/* a per-CPU mode needs CPUs, as perf stat report checks */
		if (sf->cpus->nr == 1 && sf->cpus->map[0] == -1)
			r->config.aggr_mode = AGGR_GLOBAL;
		if (evlist__alloc_stats(&r->config, sf->evlist))
			return -ENOMEM;
		r->stats = true;
	}
	r->config.walltime_ns = (double)time_ns;
	r->config.interval = sf->interval;
	if (perf_stat__process_counters(&r->config, sf->evlist))
		return -ENOMEM;
	evlist__print_counters(sf->evlist, &r->config, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_report r = {
		.config = {
			.aggr_mode = AGGR_NONE,
			.scale = true,
			.run_count = 1,
			.no_rusage = true,
		},
	};
	struct perf_error err = { "", "" };
	struct stat_file sf;
	int ret;

	r.config.output = fopen("/dev/null", "w");
	if (!r.config.output)
		return 0;
	ret = stat_file__open_mem(&sf, data, size, "fuzz", &err);
	if (!ret)
		ret = stat_file__replay(&sf, fuzz__round, &r, &err);
	if (ret && ret != -ENOMEM && err.msg[0] == '\0')
		abort();
	if (r.stats)
		evlist__free_stats(sf.evlist);
	stat_file__close(&sf);
	fclose(r.config.output);
	return 0;
}
