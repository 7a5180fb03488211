// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat output, every format against its exact text: human, CSV
 * (-x, and -x';'), JSON (-j), -A, --per-thread, --per-core/socket/die/
 * node/cache/cluster, -I, -r, --metric-only, cgroups, multiplexing,
 * <not supported>/<not counted>, alias merging.  The layouts were checked
 * against the distribution's perf 6.1 on the same scenarios; the counts
 * are filled in by hand and the topology comes from a fake sysfs tree.
 *
 * STAT_TEST_DUMP=1 prints every rendered text on stderr.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/cgroup.h"
#include "util/cpumap.h"
#include "util/evsel.h"
#include "util/stat.h"
#include "util/target.h"
#include "util/topology.h"

/* A thread that cannot exist: its comm reads "<unknown>". */
#define FAKE_TID 99999999

static char sysfs_root[256];

static void fx_write(const char *rel, const char *text)
{
	char path[4096], *slash;
	FILE *file;

	snprintf(path, sizeof(path), "%s/%s", sysfs_root, rel);
	for (slash = strchr(path + strlen(sysfs_root) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	file = fopen(path, "w");
	assert_non_null(file);
	fputs(text, file);
	fclose(file);
}

/*
 * A fake /sys: cpu0-3, cpu0,1 in socket 0 and cpu2,3 in socket 1, one
 * die, cores 0 and 1 in each socket, one cluster per core, an L2 per CPU
 * and an L3 per socket, NUMA node = socket.
 */
static int setup_sysfs(void **state)
{
	snprintf(sysfs_root, sizeof(sysfs_root), "/tmp/perf-stat-sysfs-XXXXXX");
	if (!mkdtemp(sysfs_root))
		return -1;
	for (int cpu = 0; cpu < 4; cpu++) {
		static const char *const levels[] = { "1", "1", "2", "3" };
		static const char *const types[] = { "Data", "Instruction",
						     "Unified", "Unified" };
		int socket = cpu / 2, core = cpu % 2;
		char rel[256], val[32];

		snprintf(
			rel, sizeof(rel),
			"devices/system/cpu/cpu%d/topology/physical_package_id",
			cpu);
		snprintf(val, sizeof(val), "%d\n", socket);
		fx_write(rel, val);
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/topology/die_id", cpu);
		fx_write(rel, "0\n");
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/topology/core_id", cpu);
		snprintf(val, sizeof(val), "%d\n", core);
		fx_write(rel, val);
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/topology/cluster_id", cpu);
		snprintf(val, sizeof(val), "%d\n", socket * 2 + core);
		fx_write(rel, val);
		for (int idx = 0; idx < 4; idx++) {
			snprintf(rel, sizeof(rel),
				 "devices/system/cpu/cpu%d/cache/index%d/level",
				 cpu, idx);
			fx_write(rel, levels[idx]);
			snprintf(rel, sizeof(rel),
				 "devices/system/cpu/cpu%d/cache/index%d/type",
				 cpu, idx);
			fx_write(rel, types[idx]);
			snprintf(rel, sizeof(rel),
				 "devices/system/cpu/cpu%d/cache/index%d/id",
				 cpu, idx);
			snprintf(val, sizeof(val), "%d\n",
				 idx == 3 ? socket : cpu);
			fx_write(rel, val);
		}
	}
	fx_write("devices/system/node/node0/cpulist", "0-1\n");
	fx_write("devices/system/node/node1/cpulist", "2-3\n");
	topology__set_sysfs_root(sysfs_root);
	return 0;
}

static int teardown_sysfs(void **state)
{
	char cmd[512];

	topology__set_sysfs_root(NULL);
	if (strncmp(sysfs_root, "/tmp/perf-stat-sysfs-", 21))
		return 0;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", sysfs_root);
	return system(cmd) ? -1 : 0;
}

/* One scenario: an evlist counting on the given maps, and its config. */
struct scenario {
	struct evlist *evlist;
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;
	struct perf_stat_config config;
	struct target target;
	struct evsel *ev[8];
	int nr;
};

static const char *workload[] = { "sleep", "0.1" };

static void scenario__init(struct scenario *s, const int *cpus, int ncpus,
			   const pid_t *tids, int ntids)
{
	memset(s, 0, sizeof(*s));
	s->evlist = evlist__new();
	s->cpus = cpu_map__new_from(cpus, ncpus);
	s->threads = thread_map__new_from(tids, ntids);
	s->config.aggr_mode = AGGR_GLOBAL;
	s->config.big_num = true;
	s->config.scale = true;
	s->config.run_count = 1;
	s->config.target = &s->target;
	s->config.argc = 2;
	s->config.argv = workload;
	s->config.walltime_ns = 100000000;
	s->config.ru_utime_s = 0.002265;
}

static struct evsel *scenario__event(struct scenario *s, __u32 type,
				     __u64 config, const char *name)
{
	struct perf_event_attr attr = { .type = type, .config = config };
	struct evsel *evsel = evsel__new(&attr, name);

	assert_non_null(evsel);
	evsel->cpus = s->cpus;
	evsel->threads = s->threads;
	if (evsel__is_clock(evsel)) {
		free(evsel->unit);
		evsel->unit = strdup("msec");
		evsel->scale = 1e-6;
	}
	evsel->counts = perf_counts__new(s->cpus->nr, s->threads->nr);
	assert_int_equal(evlist__add(s->evlist, evsel), 0);
	s->ev[s->nr++] = evsel;
	return evsel;
}

/* task-clock, cycles (not supported), cpu-clock, context-switches, page-faults */
static void scenario__five(struct scenario *s)
{
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
			"task-clock");
	scenario__event(s, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
			"cycles")
		->supported = false;
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
			"cpu-clock");
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
			"context-switches");
	scenario__event(s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
			"page-faults");
}

static void count(struct evsel *evsel, int cpu_idx, int thread_idx, __u64 val,
		  __u64 ena, __u64 run)
{
	struct perf_counts_values *v =
		perf_counts(evsel->counts, cpu_idx, thread_idx);

	v->val = val;
	v->ena = ena;
	v->run = run;
}

static void scenario__format(struct scenario *s, char fmt)
{
	if (fmt == 'x')
		s->config.csv_sep = ",";
	else if (fmt == 's')
		s->config.csv_sep = ";";
	else if (fmt == 'j')
		s->config.json_output = true;
}

/* Render into a growing text. */
static void scenario__render(struct scenario *s, const struct timespec *ts,
			     char **text, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;

	s->config.output = open_memstream(&buf, &n);
	assert_non_null(s->config.output);
	evlist__print_counters(s->evlist, &s->config, ts);
	fclose(s->config.output);
	s->config.output = NULL;
	*text = realloc(*text, *len + n + 1);
	memcpy(*text + *len, buf, n + 1);
	*len += n;
	free(buf);
}

static void scenario__process(struct scenario *s)
{
	if (!s->evlist->entries[0]->stats)
		assert_int_equal(evlist__alloc_stats(&s->config, s->evlist), 0);
	assert_int_equal(perf_stat__process_counters(&s->config, s->evlist), 0);
}

static void scenario__exit(struct scenario *s)
{
	evlist__free_stats(s->evlist);
	evlist__delete(s->evlist);
	cpu_map__put(s->cpus);
	thread_map__put(s->threads);
}

/*
 * Scenario names: <what><format>, format one of h (human), x (CSV ","),
 * s (CSV ";"), j (JSON).
 */
static char *run(const char *name)
{
	struct scenario s;
	char *text = NULL, fmt = name[strlen(name) - 1];
	size_t len = 0;
	static const int any_cpu[] = { -1 }, cpu01[] = { 0, 1 },
			 cpu0123[] = { 0, 1, 2, 3 };
	static const pid_t any_thread[] = { -1 }, task[] = { 1234 },
			   fake_tid[] = { FAKE_TID };
	const char *what = name;

#define IS(prefix) (!strncmp(what, prefix, strlen(prefix)))

	if (IS("global") || IS("repeat") || IS("interval-") ||
	    IS("multiplex") || IS("merge") || IS("nomerge")) {
		scenario__init(&s, any_cpu, 1, task, 1);
	} else if (IS("thread")) {
		scenario__init(&s, any_cpu, 1, fake_tid, 1);
	} else if (IS("cpu01")) {
		scenario__init(&s, cpu01, 2, any_thread, 1);
		s.target.system_wide = true;
	} else {
		scenario__init(&s, cpu0123, 4, any_thread, 1);
		s.target.system_wide = true;
	}
	scenario__format(&s, fmt);

	if (IS("global")) {
		scenario__five(&s);
		count(s.ev[0], 0, 0, 1106957, 1106957, 1106957);
		count(s.ev[2], 0, 0, 1100000, 1106957, 1106957);
		count(s.ev[3], 0, 0, 1, 1106957, 1106957);
		count(s.ev[4], 0, 0, 75, 1106957, 1106957);
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
	} else if (IS("interval-")) {
		static const __u64 v[3][4] = {
			{ 1418983, 1416911, 1, 75 },
			{ 1418983, 1416911, 1, 75 },
			{ 1485662, 1479355, 1, 75 },
		};
		static const __u64 r[3] = { 1418983, 1418983, 1485662 };
		static const struct timespec ts[3] = { { 0, 100210405 },
						       { 0, 200621334 },
						       { 0, 252486962 } };

		scenario__five(&s);
		s.config.interval = 100;
		for (int k = 0; k < 3; k++) {
			for (int e = 0; e < 4; e++)
				count(s.ev[e < 1 ? 0 : e + 1], 0, 0, v[k][e],
				      r[k], r[k]);
			scenario__process(&s);
			scenario__render(&s, &ts[k], &text, &len);
		}
	} else if (IS("cpu01") || IS("core") || IS("socket") || IS("die") ||
		   IS("node") || IS("cache") || IS("cluster") ||
		   IS("l2cache")) {
		bool interval = strstr(what, "-I") != NULL;
		static const struct timespec ts[2] = { { 0, 100203867 },
						       { 0, 200549981 } };

		scenario__five(&s);
		s.config.aggr_mode = IS("cpu01")   ? AGGR_NONE :
				     IS("core")	   ? AGGR_CORE :
				     IS("socket")  ? AGGR_SOCKET :
				     IS("die")	   ? AGGR_DIE :
				     IS("node")	   ? AGGR_NODE :
				     IS("cluster") ? AGGR_CLUSTER :
						     AGGR_CACHE;
		if (IS("l2cache"))
			s.config.cache_level = 2;
		s.config.walltime_ns = 102513964;
		if (interval)
			s.config.interval = 100;
		for (int k = 0; k < (interval ? 2 : 1); k++) {
			for (int i = 0; i < s.cpus->nr; i++) {
				__u64 run = 102513964ULL * (k + 1) + i;

				count(s.ev[0], i, 0, run, run, run);
				count(s.ev[2], i, 0, run - 187, run, run);
				count(s.ev[3], i, 0, (29 + i) * (k + 1), run,
				      run);
				count(s.ev[4], i, 0, (78 - 3 * i) * (k + 1),
				      run, run);
			}
			scenario__process(&s);
			scenario__render(&s, interval ? &ts[k] : NULL, &text,
					 &len);
		}
	} else if (IS("thread")) {
		bool interval = IS("thread-I");
		static const struct timespec ts[3] = { { 0, 50103419 },
						       { 0, 100324934 },
						       { 0, 101511270 } };

		scenario__five(&s);
		s.target.pid = "4242";
		s.config.argc = 0;
		s.config.aggr_mode = AGGR_THREAD;
		if (interval)
			s.config.interval = 50;
		for (int k = 0; k < (interval ? 3 : 1); k++) {
			__u64 r = 15160000ULL * (k < 2 ? k + 1 : 2);

			count(s.ev[0], 0, 0, r, r, r);
			count(s.ev[2], 0, 0, r - 10000, r, r);
			count(s.ev[3], 0, 0, k < 2 ? 20 * (k + 1) : 40, r, r);
			count(s.ev[4], 0, 0, k < 2 ? 1051 * (k + 1) : 2102, r,
			      r);
			scenario__process(&s);
			scenario__render(&s, interval ? &ts[k] : NULL, &text,
					 &len);
		}
	} else if (IS("repeat")) {
		static const __u64 tc[3] = { 1100000, 1160000, 1220000 },
				   pf[3] = { 75, 76, 77 };
		static const double wall[3] = { 101700000, 101800000,
						101910000 };

		scenario__five(&s);
		s.config.run_count = 3;
		assert_int_equal(evlist__alloc_stats(&s.config, s.evlist), 0);
		for (int k = 0; k < 3; k++) {
			s.config.run_idx = k;
			count(s.ev[0], 0, 0, tc[k], tc[k], tc[k]);
			count(s.ev[2], 0, 0, tc[k] - 1000, tc[k], tc[k]);
			count(s.ev[3], 0, 0, 1, tc[k], tc[k]);
			count(s.ev[4], 0, 0, pf[k], tc[k], tc[k]);
			scenario__process(&s);
			update_stats(&s.config.walltime_nsecs_stats, wall[k]);
		}
		scenario__render(&s, NULL, &text, &len);
	} else if (IS("cgroup")) {
		struct cgroup *cgrp = calloc(1, sizeof(*cgrp));

		cgrp->name = strdup("/");
		cgrp->fd = -1;
		cgrp->refcnt = 2;
		scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
				"cpu-clock")
			->cgrp = cgrp;
		scenario__event(&s, PERF_TYPE_SOFTWARE,
				PERF_COUNT_SW_CONTEXT_SWITCHES,
				"context-switches")
			->cgrp = cgrp;
		s.config.walltime_ns = 51922474;
		if (IS("cgroup-A"))
			s.config.aggr_mode = AGGR_NONE;
		for (int i = 0; i < 4; i++) {
			count(s.ev[0], i, 0, 25960000, 32565684, 32565684);
			count(s.ev[1], i, 0, 8, 26071553,
			      i == 3 ? 0 : 26071553);
		}
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
	} else if (IS("hw") || IS("metric-only") || IS("multiplex")) {
		bool interval = strstr(what, "-I") != NULL;
		struct timespec ts = { 1, 1000 };

		scenario__event(&s, PERF_TYPE_SOFTWARE,
				PERF_COUNT_SW_TASK_CLOCK, "task-clock");
		scenario__event(&s, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_CPU_CYCLES, "cycles");
		scenario__event(&s, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_INSTRUCTIONS, "instructions");
		scenario__event(&s, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "branches");
		scenario__event(&s, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_BRANCH_MISSES, "branch-misses");
		scenario__event(&s, PERF_TYPE_HARDWARE,
				PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
				"stalled-cycles-frontend");
		scenario__event(&s, PERF_TYPE_HW_CACHE, 0x10000,
				"L1-dcache-load-misses");
		if (strstr(what, "-A"))
			s.config.aggr_mode = AGGR_NONE;
		if (strstr(what, "-socket"))
			s.config.aggr_mode = AGGR_SOCKET;
		if (interval)
			s.config.interval = 1000;
		s.config.metric_only = IS("metric-only");
		s.config.walltime_ns = 1000000000;
		for (int i = 0; i < s.cpus->nr; i++) {
			count(s.ev[0], i, 0, 1000000000, 1000000000,
			      1000000000);
			count(s.ev[1], i, 0, 3000000000ULL, 1000000000,
			      500000000);
			count(s.ev[2], i, 0, 4000000000ULL, 1000000000,
			      500000000);
			count(s.ev[3], i, 0, 800000000, 1000000000, 500000000);
			count(s.ev[4], i, 0, 1000000, 1000000000, 500000000);
			count(s.ev[5], i, 0, 300000000, 1000000000, 500000000);
			count(s.ev[6], i, 0, 3000000, 1000000000, 0);
		}
		scenario__process(&s);
		scenario__render(&s, interval ? &ts : NULL, &text, &len);
	} else if (IS("merge") || IS("nomerge")) {
		struct evsel *a, *b, *c;
		struct perf_event_attr attr = { .type = 15, .config = 1 };

		s.config.no_merge = IS("nomerge");
		a = scenario__event(&s, PERF_TYPE_SOFTWARE,
				    PERF_COUNT_SW_TASK_CLOCK, "task-clock");
		b = scenario__event(&s, 15, 1, "unc_clk");
		c = scenario__event(&s, 16, 1, "unc_clk");
		b->pmu_name = strdup("uncore_imc_0");
		c->pmu_name = strdup("uncore_imc_1");
		c->attr = attr;
		count(a, 0, 0, 1000000, 1000000, 1000000);
		count(b, 0, 0, 1500, 1000000, 1000000);
		count(c, 0, 0, 2500, 1000000, 1000000);
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
	} else {
		fail_msg("unknown scenario %s", name);
	}
#undef IS
	scenario__exit(&s);
	if (getenv("STAT_TEST_DUMP"))
		fprintf(stderr, "---- %s\n%s----\n", name, text);
	return text;
}

struct expected {
	const char *name;
	const char *text;
};

/* BEGIN EXPECTED */
static const struct expected expected[] = {
	{ "global-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.11 msec task-clock                       #    0.011 CPUs utilized          \n"
	  "   <not supported>      cycles                                                      \n"
	  "              1.10 msec cpu-clock                        #    0.011 CPUs utilized          \n"
	  "                 1      context-switches                 #  906.225 /sec                   \n"
	  "                75      page-faults                      #   67.967 K/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "global-x",
	  "1.11,msec,task-clock,1106957,100.00,0.011,CPUs utilized\n"
	  "<not supported>,,cycles,0,100.00,,\n"
	  "1.10,msec,cpu-clock,1106957,100.00,0.011,CPUs utilized\n"
	  "1,,context-switches,1106957,100.00,906.225,/sec\n"
	  "75,,page-faults,1106957,100.00,67.967,K/sec\n" },
	{ "global-s",
	  "1.11;msec;task-clock;1106957;100.00;0.011;CPUs utilized\n"
	  "<not supported>;;cycles;0;100.00;;\n"
	  "1.10;msec;cpu-clock;1106957;100.00;0.011;CPUs utilized\n"
	  "1;;context-switches;1106957;100.00;906.225;/sec\n"
	  "75;;page-faults;1106957;100.00;67.967;K/sec\n" },
	{ "global-j",
	  "{\"counter-value\" : \"1.106957\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011070, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"counter-value\" : \"1.100000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 906.225178, \"metric-unit\" : \"/sec\"}\n"
	  "{\"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 1106957, \"pcnt-running\" : 100.00, \"metric-value\" : 67.966888, \"metric-unit\" : \"K/sec\"}\n" },
	{ "interval-h",
	  "#           time             counts unit events\n"
	  "     0.100210405               1.42 msec task-clock                       #    0.014 CPUs utilized          \n"
	  "     0.100210405    <not supported>      cycles                                                      \n"
	  "     0.100210405               1.42 msec cpu-clock                        #    0.014 CPUs utilized          \n"
	  "     0.100210405                  1      context-switches                 #  705.245 /sec                   \n"
	  "     0.100210405                 75      page-faults                      #   52.893 K/sec                  \n"
	  "     0.200621334      <not counted> msec task-clock                                                  \n"
	  "     0.200621334    <not supported>      cycles                                                      \n"
	  "     0.200621334      <not counted> msec cpu-clock                                                   \n"
	  "     0.200621334      <not counted>      context-switches                                            \n"
	  "     0.200621334      <not counted>      page-faults                                                 \n"
	  "     0.252486962               0.07 msec task-clock                       #    0.001 CPUs utilized          \n"
	  "     0.252486962    <not supported>      cycles                                                      \n"
	  "     0.252486962               0.06 msec cpu-clock                        #    0.001 CPUs utilized          \n"
	  "     0.252486962                  0      context-switches                 #    0.000 /sec                   \n"
	  "     0.252486962                  0      page-faults                      #    0.000 /sec                   \n" },
	{ "interval-x",
	  "     0.100210405,1.42,msec,task-clock,1418983,100.00,0.014,CPUs utilized\n"
	  "     0.100210405,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100210405,1.42,msec,cpu-clock,1418983,100.00,0.014,CPUs utilized\n"
	  "     0.100210405,1,,context-switches,1418983,100.00,705.245,/sec\n"
	  "     0.100210405,75,,page-faults,1418983,100.00,52.893,K/sec\n"
	  "     0.200621334,<not counted>,msec,task-clock,0,100.00,,\n"
	  "     0.200621334,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200621334,<not counted>,msec,cpu-clock,0,100.00,,\n"
	  "     0.200621334,<not counted>,,context-switches,0,100.00,,\n"
	  "     0.200621334,<not counted>,,page-faults,0,100.00,,\n"
	  "     0.252486962,0.07,msec,task-clock,66679,100.00,0.001,CPUs utilized\n"
	  "     0.252486962,<not supported>,,cycles,0,100.00,,\n"
	  "     0.252486962,0.06,msec,cpu-clock,66679,100.00,0.001,CPUs utilized\n"
	  "     0.252486962,0,,context-switches,66679,100.00,0.000,/sec\n"
	  "     0.252486962,0,,page-faults,66679,100.00,0.000,/sec\n" },
	{ "interval-j",
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.418983\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 0.014190, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.416911\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 0.014169, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 705.244977, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100210405, \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 1418983, \"pcnt-running\" : 100.00, \"metric-value\" : 52.893373, \"metric-unit\" : \"K/sec\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200621334, \"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.066679\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000667, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.062444\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000624, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.252486962, \"counter-value\" : \"0.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 66679, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"/sec\"}\n" },
	{ "cpu01-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "CPU0                   102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "CPU1                   102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "CPU0          <not supported>      cycles                                                      \n"
	  "CPU1          <not supported>      cycles                                                      \n"
	  "CPU0                   102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "CPU1                   102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "CPU0                       29      context-switches                 #  282.889 /sec                   \n"
	  "CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "CPU0                       78      page-faults                      #  760.873 /sec                   \n"
	  "CPU1                       75      page-faults                      #  731.608 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "cpu01-x",
	  "CPU0,102.51,msec,task-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "CPU1,102.51,msec,task-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "CPU0,102.51,msec,cpu-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "CPU1,102.51,msec,cpu-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "CPU0,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "CPU1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "CPU0,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "CPU1,75,,page-faults,102513965,100.00,731.608,/sec\n" },
	{ "cpu01-j",
	  "{\"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n" },
	{ "cpu01-I-h",
	  "#           time CPU                    counts unit events\n"
	  "     0.100203867 CPU0                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU1                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU0          <not supported>      cycles                                                      \n"
	  "     0.100203867 CPU1          <not supported>      cycles                                                      \n"
	  "     0.100203867 CPU0                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU1                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 CPU0                       29      context-switches                 #  282.889 /sec                   \n"
	  "     0.100203867 CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "     0.100203867 CPU0                       78      page-faults                      #  760.873 /sec                   \n"
	  "     0.100203867 CPU1                       75      page-faults                      #  731.608 /sec                   \n"
	  "     0.200549981 CPU0                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU1                   102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU0          <not supported>      cycles                                                      \n"
	  "     0.200549981 CPU1          <not supported>      cycles                                                      \n"
	  "     0.200549981 CPU0                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU1                   102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 CPU0                       29      context-switches                 #  282.888 /sec                   \n"
	  "     0.200549981 CPU1                       30      context-switches                 #  292.643 /sec                   \n"
	  "     0.200549981 CPU0                       78      page-faults                      #  760.872 /sec                   \n"
	  "     0.200549981 CPU1                       75      page-faults                      #  731.608 /sec                   \n" },
	{ "cpu01-I-x",
	  "     0.100203867,CPU0,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU1,102.51,msec,task-clock,102513965,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100203867,CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "     0.100203867,CPU0,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU1,102.51,msec,cpu-clock,102513965,100.00,1.025,CPUs utilized\n"
	  "     0.100203867,CPU0,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "     0.100203867,CPU1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "     0.100203867,CPU0,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "     0.100203867,CPU1,75,,page-faults,102513965,100.00,731.608,/sec\n"
	  "     0.200549981,CPU0,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU1,102.51,msec,task-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU0,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200549981,CPU1,<not supported>,,cycles,0,100.00,,\n"
	  "     0.200549981,CPU0,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU1,102.51,msec,cpu-clock,102513964,100.00,1.025,CPUs utilized\n"
	  "     0.200549981,CPU0,29,,context-switches,102513964,100.00,282.888,/sec\n"
	  "     0.200549981,CPU1,30,,context-switches,102513964,100.00,292.643,/sec\n"
	  "     0.200549981,CPU0,78,,page-faults,102513964,100.00,760.872,/sec\n"
	  "     0.200549981,CPU1,75,,page-faults,102513964,100.00,731.608,/sec\n" },
	{ "cpu01-I-j",
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025138, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025138, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.100203867, \"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.025140, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888290, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643059, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"0\", \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.871953, \"metric-unit\" : \"/sec\"}\n"
	  "{\"interval\" : 0.200549981, \"cpu\" : \"1\", \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 731.607647, \"metric-unit\" : \"/sec\"}\n" },
	{ "core-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0-D0-C0           1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-C0           1    <not supported>      cycles                                                      \n"
	  "S0-D0-C0           1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-C0           1                 29      context-switches                 #  282.889 /sec                   \n"
	  "S0-D0-C0           1                 78      page-faults                      #  760.873 /sec                   \n"
	  "S0-D0-C1           1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-C1           1    <not supported>      cycles                                                      \n"
	  "S0-D0-C1           1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-C1           1                 30      context-switches                 #  292.643 /sec                   \n"
	  "S0-D0-C1           1                 75      page-faults                      #  731.608 /sec                   \n"
	  "S1-D0-C0           1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-C0           1    <not supported>      cycles                                                      \n"
	  "S1-D0-C0           1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-C0           1                 31      context-switches                 #  302.398 /sec                   \n"
	  "S1-D0-C0           1                 72      page-faults                      #  702.344 /sec                   \n"
	  "S1-D0-C1           1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-C1           1    <not supported>      cycles                                                      \n"
	  "S1-D0-C1           1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-C1           1                 32      context-switches                 #  312.153 /sec                   \n"
	  "S1-D0-C1           1                 69      page-faults                      #  673.080 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "core-x",
	  "S0-D0-C0,1,102.51,msec,task-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "S0-D0-C0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0-C0,1,102.51,msec,cpu-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "S0-D0-C0,1,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "S0-D0-C0,1,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "S0-D0-C1,1,102.51,msec,task-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "S0-D0-C1,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0-C1,1,102.51,msec,cpu-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "S0-D0-C1,1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "S0-D0-C1,1,75,,page-faults,102513965,100.00,731.608,/sec\n"
	  "S1-D0-C0,1,102.51,msec,task-clock,102513966,100.00,1.000,CPUs utilized\n"
	  "S1-D0-C0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0-C0,1,102.51,msec,cpu-clock,102513966,100.00,1.000,CPUs utilized\n"
	  "S1-D0-C0,1,31,,context-switches,102513966,100.00,302.398,/sec\n"
	  "S1-D0-C0,1,72,,page-faults,102513966,100.00,702.344,/sec\n"
	  "S1-D0-C1,1,102.51,msec,task-clock,102513967,100.00,1.000,CPUs utilized\n"
	  "S1-D0-C1,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0-C1,1,102.51,msec,cpu-clock,102513967,100.00,1.000,CPUs utilized\n"
	  "S1-D0-C1,1,32,,context-switches,102513967,100.00,312.153,/sec\n"
	  "S1-D0-C1,1,69,,page-faults,102513967,100.00,673.080,/sec\n" },
	{ "core-j",
	  "{\"core\" : \"S0-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S0-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"core\" : \"S0-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S0-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S0-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S0-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S0-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"core\" : \"S0-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S0-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S0-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S1-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513966\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S1-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"core\" : \"S1-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513779\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S1-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"31.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 302.398097, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S1-D0-C0\", \"aggregate-number\" : 1, \"counter-value\" : \"72.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 702.343968, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S1-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513967\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S1-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"core\" : \"S1-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513780\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"core\" : \"S1-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"32.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 312.152872, \"metric-unit\" : \"/sec\"}\n"
	  "{\"core\" : \"S1-D0-C1\", \"aggregate-number\" : 1, \"counter-value\" : \"69.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 673.079630, \"metric-unit\" : \"/sec\"}\n" },
	{ "socket-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0        2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S0        1    <not supported>      cycles                                                      \n"
	  "S0        2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S0        2                 59      context-switches                 #  287.766 /sec                   \n"
	  "S0        2                153      page-faults                      #  746.240 /sec                   \n"
	  "S1        2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S1        1    <not supported>      cycles                                                      \n"
	  "S1        2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S1        2                 63      context-switches                 #  307.275 /sec                   \n"
	  "S1        2                141      page-faults                      #  687.712 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "socket-x",
	  "S0,2,205.03,msec,task-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0,2,205.03,msec,cpu-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0,2,59,,context-switches,205027929,100.00,287.766,/sec\n"
	  "S0,2,153,,page-faults,205027929,100.00,746.240,/sec\n"
	  "S1,2,205.03,msec,task-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1,2,205.03,msec,cpu-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1,2,63,,context-switches,205027933,100.00,307.275,/sec\n"
	  "S1,2,141,,page-faults,205027933,100.00,687.712,/sec\n" },
	{ "socket-j",
	  "{\"socket\" : \"S0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027929\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"socket\" : \"S0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"socket\" : \"S0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027555\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"socket\" : \"S0\", \"aggregate-number\" : 2, \"counter-value\" : \"59.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 287.765936, \"metric-unit\" : \"/sec\"}\n"
	  "{\"socket\" : \"S0\", \"aggregate-number\" : 2, \"counter-value\" : \"153.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 746.240477, \"metric-unit\" : \"/sec\"}\n"
	  "{\"socket\" : \"S1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027933\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"socket\" : \"S1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"socket\" : \"S1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027559\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"socket\" : \"S1\", \"aggregate-number\" : 2, \"counter-value\" : \"63.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 307.275485, \"metric-unit\" : \"/sec\"}\n"
	  "{\"socket\" : \"S1\", \"aggregate-number\" : 2, \"counter-value\" : \"141.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 687.711799, \"metric-unit\" : \"/sec\"}\n" },
	{ "socket-I-h",
	  "#           time socket cpus             counts unit events\n"
	  "     0.100203867 S0        2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.100203867 S0        1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S0        2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.100203867 S0        2                 59      context-switches                 #  287.766 /sec                   \n"
	  "     0.100203867 S0        2                153      page-faults                      #  746.240 /sec                   \n"
	  "     0.100203867 S1        2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.100203867 S1        1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S1        2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.100203867 S1        2                 63      context-switches                 #  307.275 /sec                   \n"
	  "     0.100203867 S1        2                141      page-faults                      #  687.712 /sec                   \n"
	  "     0.200549981 S0        2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.200549981 S0        1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S0        2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.200549981 S0        2                 59      context-switches                 #  287.766 /sec                   \n"
	  "     0.200549981 S0        2                153      page-faults                      #  746.240 /sec                   \n"
	  "     0.200549981 S1        2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.200549981 S1        1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S1        2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.200549981 S1        2                 63      context-switches                 #  307.275 /sec                   \n"
	  "     0.200549981 S1        2                141      page-faults                      #  687.711 /sec                   \n" },
	{ "die-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0-D0           2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S0-D0           1    <not supported>      cycles                                                      \n"
	  "S0-D0           2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S0-D0           2                 59      context-switches                 #  287.766 /sec                   \n"
	  "S0-D0           2                153      page-faults                      #  746.240 /sec                   \n"
	  "S1-D0           2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S1-D0           1    <not supported>      cycles                                                      \n"
	  "S1-D0           2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S1-D0           2                 63      context-switches                 #  307.275 /sec                   \n"
	  "S1-D0           2                141      page-faults                      #  687.712 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "die-x",
	  "S0-D0,2,205.03,msec,task-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0-D0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0,2,205.03,msec,cpu-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0-D0,2,59,,context-switches,205027929,100.00,287.766,/sec\n"
	  "S0-D0,2,153,,page-faults,205027929,100.00,746.240,/sec\n"
	  "S1-D0,2,205.03,msec,task-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1-D0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0,2,205.03,msec,cpu-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1-D0,2,63,,context-switches,205027933,100.00,307.275,/sec\n"
	  "S1-D0,2,141,,page-faults,205027933,100.00,687.712,/sec\n" },
	{ "die-j",
	  "{\"die\" : \"S0-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027929\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"die\" : \"S0-D0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"die\" : \"S0-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027555\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"die\" : \"S0-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"59.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 287.765936, \"metric-unit\" : \"/sec\"}\n"
	  "{\"die\" : \"S0-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"153.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 746.240477, \"metric-unit\" : \"/sec\"}\n"
	  "{\"die\" : \"S1-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027933\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"die\" : \"S1-D0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"die\" : \"S1-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027559\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"die\" : \"S1-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"63.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 307.275485, \"metric-unit\" : \"/sec\"}\n"
	  "{\"die\" : \"S1-D0\", \"aggregate-number\" : 2, \"counter-value\" : \"141.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 687.711799, \"metric-unit\" : \"/sec\"}\n" },
	{ "node-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "N0        2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "N0        1    <not supported>      cycles                                                      \n"
	  "N0        2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "N0        2                 59      context-switches                 #  287.766 /sec                   \n"
	  "N0        2                153      page-faults                      #  746.240 /sec                   \n"
	  "N1        2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "N1        1    <not supported>      cycles                                                      \n"
	  "N1        2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "N1        2                 63      context-switches                 #  307.275 /sec                   \n"
	  "N1        2                141      page-faults                      #  687.712 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "node-x",
	  "N0,2,205.03,msec,task-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "N0,1,<not supported>,,cycles,0,100.00,,\n"
	  "N0,2,205.03,msec,cpu-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "N0,2,59,,context-switches,205027929,100.00,287.766,/sec\n"
	  "N0,2,153,,page-faults,205027929,100.00,746.240,/sec\n"
	  "N1,2,205.03,msec,task-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "N1,1,<not supported>,,cycles,0,100.00,,\n"
	  "N1,2,205.03,msec,cpu-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "N1,2,63,,context-switches,205027933,100.00,307.275,/sec\n"
	  "N1,2,141,,page-faults,205027933,100.00,687.712,/sec\n" },
	{ "node-j",
	  "{\"node\" : \"N0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027929\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"node\" : \"N0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"node\" : \"N0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027555\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"node\" : \"N0\", \"aggregate-number\" : 2, \"counter-value\" : \"59.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 287.765936, \"metric-unit\" : \"/sec\"}\n"
	  "{\"node\" : \"N0\", \"aggregate-number\" : 2, \"counter-value\" : \"153.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 746.240477, \"metric-unit\" : \"/sec\"}\n"
	  "{\"node\" : \"N1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027933\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"node\" : \"N1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"node\" : \"N1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027559\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"node\" : \"N1\", \"aggregate-number\" : 2, \"counter-value\" : \"63.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 307.275485, \"metric-unit\" : \"/sec\"}\n"
	  "{\"node\" : \"N1\", \"aggregate-number\" : 2, \"counter-value\" : \"141.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 687.711799, \"metric-unit\" : \"/sec\"}\n" },
	{ "cache-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0-D0-L3-ID0              2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S0-D0-L3-ID0              1    <not supported>      cycles                                                      \n"
	  "S0-D0-L3-ID0              2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S0-D0-L3-ID0              2                 59      context-switches                 #  287.766 /sec                   \n"
	  "S0-D0-L3-ID0              2                153      page-faults                      #  746.240 /sec                   \n"
	  "S1-D0-L3-ID1              2             205.03 msec task-clock                       #    2.000 CPUs utilized          \n"
	  "S1-D0-L3-ID1              1    <not supported>      cycles                                                      \n"
	  "S1-D0-L3-ID1              2             205.03 msec cpu-clock                        #    2.000 CPUs utilized          \n"
	  "S1-D0-L3-ID1              2                 63      context-switches                 #  307.275 /sec                   \n"
	  "S1-D0-L3-ID1              2                141      page-faults                      #  687.712 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "cache-x",
	  "S0-D0-L3-ID0,2,205.03,msec,task-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0-D0-L3-ID0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0-L3-ID0,2,205.03,msec,cpu-clock,205027929,100.00,2.000,CPUs utilized\n"
	  "S0-D0-L3-ID0,2,59,,context-switches,205027929,100.00,287.766,/sec\n"
	  "S0-D0-L3-ID0,2,153,,page-faults,205027929,100.00,746.240,/sec\n"
	  "S1-D0-L3-ID1,2,205.03,msec,task-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1-D0-L3-ID1,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0-L3-ID1,2,205.03,msec,cpu-clock,205027933,100.00,2.000,CPUs utilized\n"
	  "S1-D0-L3-ID1,2,63,,context-switches,205027933,100.00,307.275,/sec\n"
	  "S1-D0-L3-ID1,2,141,,page-faults,205027933,100.00,687.712,/sec\n" },
	{ "cache-j",
	  "{\"cache\" : \"S0-D0-L3-ID0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027929\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cache\" : \"S0-D0-L3-ID0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cache\" : \"S0-D0-L3-ID0\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027555\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cache\" : \"S0-D0-L3-ID0\", \"aggregate-number\" : 2, \"counter-value\" : \"59.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 287.765936, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cache\" : \"S0-D0-L3-ID0\", \"aggregate-number\" : 2, \"counter-value\" : \"153.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027929, \"pcnt-running\" : 100.00, \"metric-value\" : 746.240477, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cache\" : \"S1-D0-L3-ID1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027933\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cache\" : \"S1-D0-L3-ID1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cache\" : \"S1-D0-L3-ID1\", \"aggregate-number\" : 2, \"counter-value\" : \"205.027559\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999996, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cache\" : \"S1-D0-L3-ID1\", \"aggregate-number\" : 2, \"counter-value\" : \"63.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 307.275485, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cache\" : \"S1-D0-L3-ID1\", \"aggregate-number\" : 2, \"counter-value\" : \"141.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 205027933, \"pcnt-running\" : 100.00, \"metric-value\" : 687.711799, \"metric-unit\" : \"/sec\"}\n" },
	{ "cache-I-h",
	  "#           time cache                  cpus             counts unit events\n"
	  "     0.100203867 S0-D0-L3-ID0              2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.100203867 S0-D0-L3-ID0              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S0-D0-L3-ID0              2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.100203867 S0-D0-L3-ID0              2                 59      context-switches                 #  287.766 /sec                   \n"
	  "     0.100203867 S0-D0-L3-ID0              2                153      page-faults                      #  746.240 /sec                   \n"
	  "     0.100203867 S1-D0-L3-ID1              2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.100203867 S1-D0-L3-ID1              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S1-D0-L3-ID1              2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.100203867 S1-D0-L3-ID1              2                 63      context-switches                 #  307.275 /sec                   \n"
	  "     0.100203867 S1-D0-L3-ID1              2                141      page-faults                      #  687.712 /sec                   \n"
	  "     0.200549981 S0-D0-L3-ID0              2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.200549981 S0-D0-L3-ID0              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S0-D0-L3-ID0              2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.200549981 S0-D0-L3-ID0              2                 59      context-switches                 #  287.766 /sec                   \n"
	  "     0.200549981 S0-D0-L3-ID0              2                153      page-faults                      #  746.240 /sec                   \n"
	  "     0.200549981 S1-D0-L3-ID1              2             205.03 msec task-clock                       #    2.050 CPUs utilized          \n"
	  "     0.200549981 S1-D0-L3-ID1              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S1-D0-L3-ID1              2             205.03 msec cpu-clock                        #    2.050 CPUs utilized          \n"
	  "     0.200549981 S1-D0-L3-ID1              2                 63      context-switches                 #  307.275 /sec                   \n"
	  "     0.200549981 S1-D0-L3-ID1              2                141      page-faults                      #  687.711 /sec                   \n" },
	{ "l2cache-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0-D0-L2-ID0              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-L2-ID0              1    <not supported>      cycles                                                      \n"
	  "S0-D0-L2-ID0              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-L2-ID0              1                 29      context-switches                 #  282.889 /sec                   \n"
	  "S0-D0-L2-ID0              1                 78      page-faults                      #  760.873 /sec                   \n"
	  "S0-D0-L2-ID1              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-L2-ID1              1    <not supported>      cycles                                                      \n"
	  "S0-D0-L2-ID1              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-L2-ID1              1                 30      context-switches                 #  292.643 /sec                   \n"
	  "S0-D0-L2-ID1              1                 75      page-faults                      #  731.608 /sec                   \n"
	  "S1-D0-L2-ID2              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-L2-ID2              1    <not supported>      cycles                                                      \n"
	  "S1-D0-L2-ID2              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-L2-ID2              1                 31      context-switches                 #  302.398 /sec                   \n"
	  "S1-D0-L2-ID2              1                 72      page-faults                      #  702.344 /sec                   \n"
	  "S1-D0-L2-ID3              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-L2-ID3              1    <not supported>      cycles                                                      \n"
	  "S1-D0-L2-ID3              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-L2-ID3              1                 32      context-switches                 #  312.153 /sec                   \n"
	  "S1-D0-L2-ID3              1                 69      page-faults                      #  673.080 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "cluster-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "S0-D0-CLS0              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-CLS0              1    <not supported>      cycles                                                      \n"
	  "S0-D0-CLS0              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-CLS0              1                 29      context-switches                 #  282.889 /sec                   \n"
	  "S0-D0-CLS0              1                 78      page-faults                      #  760.873 /sec                   \n"
	  "S0-D0-CLS1              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S0-D0-CLS1              1    <not supported>      cycles                                                      \n"
	  "S0-D0-CLS1              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S0-D0-CLS1              1                 30      context-switches                 #  292.643 /sec                   \n"
	  "S0-D0-CLS1              1                 75      page-faults                      #  731.608 /sec                   \n"
	  "S1-D0-CLS2              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-CLS2              1    <not supported>      cycles                                                      \n"
	  "S1-D0-CLS2              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-CLS2              1                 31      context-switches                 #  302.398 /sec                   \n"
	  "S1-D0-CLS2              1                 72      page-faults                      #  702.344 /sec                   \n"
	  "S1-D0-CLS3              1             102.51 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "S1-D0-CLS3              1    <not supported>      cycles                                                      \n"
	  "S1-D0-CLS3              1             102.51 msec cpu-clock                        #    1.000 CPUs utilized          \n"
	  "S1-D0-CLS3              1                 32      context-switches                 #  312.153 /sec                   \n"
	  "S1-D0-CLS3              1                 69      page-faults                      #  673.080 /sec                   \n"
	  "\n"
	  "       0.102513964 seconds time elapsed\n"
	  "\n" },
	{ "cluster-x",
	  "S0-D0-CLS0,1,102.51,msec,task-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "S0-D0-CLS0,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0-CLS0,1,102.51,msec,cpu-clock,102513964,100.00,1.000,CPUs utilized\n"
	  "S0-D0-CLS0,1,29,,context-switches,102513964,100.00,282.889,/sec\n"
	  "S0-D0-CLS0,1,78,,page-faults,102513964,100.00,760.873,/sec\n"
	  "S0-D0-CLS1,1,102.51,msec,task-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "S0-D0-CLS1,1,<not supported>,,cycles,0,100.00,,\n"
	  "S0-D0-CLS1,1,102.51,msec,cpu-clock,102513965,100.00,1.000,CPUs utilized\n"
	  "S0-D0-CLS1,1,30,,context-switches,102513965,100.00,292.643,/sec\n"
	  "S0-D0-CLS1,1,75,,page-faults,102513965,100.00,731.608,/sec\n"
	  "S1-D0-CLS2,1,102.51,msec,task-clock,102513966,100.00,1.000,CPUs utilized\n"
	  "S1-D0-CLS2,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0-CLS2,1,102.51,msec,cpu-clock,102513966,100.00,1.000,CPUs utilized\n"
	  "S1-D0-CLS2,1,31,,context-switches,102513966,100.00,302.398,/sec\n"
	  "S1-D0-CLS2,1,72,,page-faults,102513966,100.00,702.344,/sec\n"
	  "S1-D0-CLS3,1,102.51,msec,task-clock,102513967,100.00,1.000,CPUs utilized\n"
	  "S1-D0-CLS3,1,<not supported>,,cycles,0,100.00,,\n"
	  "S1-D0-CLS3,1,102.51,msec,cpu-clock,102513967,100.00,1.000,CPUs utilized\n"
	  "S1-D0-CLS3,1,32,,context-switches,102513967,100.00,312.153,/sec\n"
	  "S1-D0-CLS3,1,69,,page-faults,102513967,100.00,673.080,/sec\n" },
	{ "cluster-j",
	  "{\"cluster\" : \"S0-D0-CLS0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513964\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS0\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS0\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513777\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS0\", \"aggregate-number\" : 1, \"counter-value\" : \"29.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 282.888548, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS0\", \"aggregate-number\" : 1, \"counter-value\" : \"78.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513964, \"pcnt-running\" : 100.00, \"metric-value\" : 760.872647, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513965\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS1\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS1\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513778\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS1\", \"aggregate-number\" : 1, \"counter-value\" : \"30.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 292.643323, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S0-D0-CLS1\", \"aggregate-number\" : 1, \"counter-value\" : \"75.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513965, \"pcnt-running\" : 100.00, \"metric-value\" : 731.608307, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS2\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513966\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS2\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS2\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513779\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS2\", \"aggregate-number\" : 1, \"counter-value\" : \"31.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 302.398097, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS2\", \"aggregate-number\" : 1, \"counter-value\" : \"72.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513966, \"pcnt-running\" : 100.00, \"metric-value\" : 702.343968, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS3\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513967\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 1.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS3\", \"aggregate-number\" : 1, \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS3\", \"aggregate-number\" : 1, \"counter-value\" : \"102.513780\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 0.999998, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS3\", \"aggregate-number\" : 1, \"counter-value\" : \"32.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 312.152872, \"metric-unit\" : \"/sec\"}\n"
	  "{\"cluster\" : \"S1-D0-CLS3\", \"aggregate-number\" : 1, \"counter-value\" : \"69.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 102513967, \"pcnt-running\" : 100.00, \"metric-value\" : 673.079630, \"metric-unit\" : \"/sec\"}\n" },
	{ "cluster-I-h",
	  "#           time cluster              cpus             counts unit events\n"
	  "     0.100203867 S0-D0-CLS0              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 S0-D0-CLS0              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S0-D0-CLS0              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 S0-D0-CLS0              1                 29      context-switches                 #  282.889 /sec                   \n"
	  "     0.100203867 S0-D0-CLS0              1                 78      page-faults                      #  760.873 /sec                   \n"
	  "     0.100203867 S0-D0-CLS1              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 S0-D0-CLS1              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S0-D0-CLS1              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 S0-D0-CLS1              1                 30      context-switches                 #  292.643 /sec                   \n"
	  "     0.100203867 S0-D0-CLS1              1                 75      page-faults                      #  731.608 /sec                   \n"
	  "     0.100203867 S1-D0-CLS2              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 S1-D0-CLS2              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S1-D0-CLS2              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 S1-D0-CLS2              1                 31      context-switches                 #  302.398 /sec                   \n"
	  "     0.100203867 S1-D0-CLS2              1                 72      page-faults                      #  702.344 /sec                   \n"
	  "     0.100203867 S1-D0-CLS3              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.100203867 S1-D0-CLS3              1    <not supported>      cycles                                                      \n"
	  "     0.100203867 S1-D0-CLS3              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.100203867 S1-D0-CLS3              1                 32      context-switches                 #  312.153 /sec                   \n"
	  "     0.100203867 S1-D0-CLS3              1                 69      page-faults                      #  673.080 /sec                   \n"
	  "     0.200549981 S0-D0-CLS0              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 S0-D0-CLS0              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S0-D0-CLS0              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 S0-D0-CLS0              1                 29      context-switches                 #  282.888 /sec                   \n"
	  "     0.200549981 S0-D0-CLS0              1                 78      page-faults                      #  760.872 /sec                   \n"
	  "     0.200549981 S0-D0-CLS1              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 S0-D0-CLS1              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S0-D0-CLS1              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 S0-D0-CLS1              1                 30      context-switches                 #  292.643 /sec                   \n"
	  "     0.200549981 S0-D0-CLS1              1                 75      page-faults                      #  731.608 /sec                   \n"
	  "     0.200549981 S1-D0-CLS2              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 S1-D0-CLS2              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S1-D0-CLS2              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 S1-D0-CLS2              1                 31      context-switches                 #  302.398 /sec                   \n"
	  "     0.200549981 S1-D0-CLS2              1                 72      page-faults                      #  702.343 /sec                   \n"
	  "     0.200549981 S1-D0-CLS3              1             102.51 msec task-clock                       #    1.025 CPUs utilized          \n"
	  "     0.200549981 S1-D0-CLS3              1    <not supported>      cycles                                                      \n"
	  "     0.200549981 S1-D0-CLS3              1             102.51 msec cpu-clock                        #    1.025 CPUs utilized          \n"
	  "     0.200549981 S1-D0-CLS3              1                 32      context-switches                 #  312.153 /sec                   \n"
	  "     0.200549981 S1-D0-CLS3              1                 69      page-faults                      #  673.079 /sec                   \n" },
	{ "thread-h",
	  "\n"
	  " Performance counter stats for process id '4242':\n"
	  "\n"
	  "       <unknown>-99999999              15.16 msec task-clock                       #    0.152 CPUs utilized          \n"
	  "       <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "       <unknown>-99999999              15.15 msec cpu-clock                        #    0.151 CPUs utilized          \n"
	  "       <unknown>-99999999                 20      context-switches                 #    1.320 K/sec                  \n"
	  "       <unknown>-99999999               1051      page-faults                      #   69.350 K/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n" },
	{ "thread-x",
	  "<unknown>-99999999,15.16,msec,task-clock,15160000,100.00,0.152,CPUs utilized\n"
	  "<unknown>-99999999,<not supported>,,cycles,0,100.00,,\n"
	  "<unknown>-99999999,15.15,msec,cpu-clock,15160000,100.00,0.151,CPUs utilized\n"
	  "<unknown>-99999999,20,,context-switches,15160000,100.00,1.320,K/sec\n"
	  "<unknown>-99999999,1051,,page-faults,15160000,100.00,69.350,K/sec\n" },
	{ "thread-j",
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"15.160000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.151600, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"15.150000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.151500, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"20.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 1.319696, \"metric-unit\" : \"K/sec\"}\n"
	  "{\"thread\" : \"<unknown>-99999999\", \"counter-value\" : \"1051.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"event-runtime\" : 15160000, \"pcnt-running\" : 100.00, \"metric-value\" : 69.350049, \"metric-unit\" : \"K/sec\"}\n" },
	{ "thread-I-h",
	  "#           time             comm-pid                  counts unit events\n"
	  "     0.050103419        <unknown>-99999999              15.16 msec task-clock                       #    0.303 CPUs utilized          \n"
	  "     0.050103419        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.050103419        <unknown>-99999999              15.15 msec cpu-clock                        #    0.303 CPUs utilized          \n"
	  "     0.050103419        <unknown>-99999999                 20      context-switches                 #    1.320 K/sec                  \n"
	  "     0.050103419        <unknown>-99999999               1051      page-faults                      #   69.350 K/sec                  \n"
	  "     0.100324934        <unknown>-99999999              15.16 msec task-clock                       #    0.303 CPUs utilized          \n"
	  "     0.100324934        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.100324934        <unknown>-99999999              15.16 msec cpu-clock                        #    0.303 CPUs utilized          \n"
	  "     0.100324934        <unknown>-99999999                 20      context-switches                 #    1.319 K/sec                  \n"
	  "     0.100324934        <unknown>-99999999               1051      page-faults                      #   69.327 K/sec                  \n"
	  "     0.101511270        <unknown>-99999999      <not counted> msec task-clock                                                  \n"
	  "     0.101511270        <unknown>-99999999    <not supported>      cycles                                                      \n"
	  "     0.101511270        <unknown>-99999999      <not counted> msec cpu-clock                                                   \n"
	  "     0.101511270        <unknown>-99999999      <not counted>      context-switches                                            \n"
	  "     0.101511270        <unknown>-99999999      <not counted>      page-faults                                                 \n" },
	{ "repeat-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1' (3 runs):\n"
	  "\n"
	  "              1.16 msec task-clock                       #    0.011 CPUs utilized            ( +-  2.99% )\n"
	  "   <not supported>      cycles                                                      \n"
	  "              1.16 msec cpu-clock                        #    0.011 CPUs utilized            ( +-  2.99% )\n"
	  "                 1      context-switches                 #  862.441 /sec                   \n"
	  "                76      page-faults                      #   65.545 K/sec                    ( +-  0.76% )\n"
	  "\n"
	  "         0.1018033 +- 0.0000606 seconds time elapsed  ( +-  0.06% )\n"
	  "\n" },
	{ "repeat-x",
	  "1.16,msec,task-clock,2.99%,1160000,100.00,0.011,CPUs utilized\n"
	  "<not supported>,,cycles,0.00%,0,100.00,,\n"
	  "1.16,msec,cpu-clock,2.99%,1160000,100.00,0.011,CPUs utilized\n"
	  "1,,context-switches,0.00%,1160000,100.00,862.441,/sec\n"
	  "76,,page-faults,0.76%,1160000,100.00,65.545,K/sec\n" },
	{ "repeat-j",
	  "{\"counter-value\" : \"1.160000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"variance\" : 2.99, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011395, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", \"variance\" : 0.00, \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n"
	  "{\"counter-value\" : \"1.159000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"variance\" : 2.99, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.011385, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"1.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"variance\" : 0.00, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 862.440707, \"metric-unit\" : \"/sec\"}\n"
	  "{\"counter-value\" : \"76.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", \"variance\" : 0.76, \"event-runtime\" : 1160000, \"pcnt-running\" : 100.00, \"metric-value\" : 65.545494, \"metric-unit\" : \"K/sec\"}\n" },
	{ "cgroup-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "            103.84 msec cpu-clock                        / #    2.000 CPUs utilized          \n"
	  "                42      context-switches                 / #  404.468 /sec                     (75.00%)\n"
	  "\n"
	  "       0.051922474 seconds time elapsed\n"
	  "\n" },
	{ "cgroup-x",
	  "103.84,msec,cpu-clock,/,130262736,100.00,2.000,CPUs utilized\n"
	  "42,,context-switches,/,78214659,75.00,404.468,/sec\n" },
	{ "cgroup-j",
	  "{\"counter-value\" : \"103.840000\", \"unit\" : \"msec\", \"event\" : \"cpu-clock\", \"cgroup\" : \"/\", \"event-runtime\" : 130262736, \"pcnt-running\" : 100.00, \"metric-value\" : 1.999905, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"42.000000\", \"unit\" : \"\", \"event\" : \"context-switches\", \"cgroup\" : \"/\", \"event-runtime\" : 78214659, \"pcnt-running\" : 75.00, \"metric-value\" : 404.468413, \"metric-unit\" : \"/sec\"}\n" },
	{ "cgroup-A-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "CPU0                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU1                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU2                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU3                    25.96 msec cpu-clock                        / #    0.500 CPUs utilized          \n"
	  "CPU0                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU1                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU2                        8      context-switches                 / #  308.166 /sec                   \n"
	  "CPU3            <not counted>      context-switches          /                                   \n"
	  "\n"
	  "       0.051922474 seconds time elapsed\n"
	  "\n" },
	{ "cgroup-A-x",
	  "CPU0,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU1,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU2,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU3,25.96,msec,cpu-clock,/,32565684,100.00,0.500,CPUs utilized\n"
	  "CPU0,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU1,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU2,8,,context-switches,/,26071553,100.00,308.166,/sec\n"
	  "CPU3,<not counted>,,context-switches,/,0,100.00,,\n" },
	{ "hw-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "           4000.00 msec task-clock                       #    4.000 CPUs utilized          \n"
	  "       24000000000      cycles                           #    6.000 GHz                      (50.00%)\n"
	  "       32000000000      instructions                     #    1.33  insn per cycle         \n"
	  "                                                         #    0.07  stalled cycles per insn  (50.00%)\n"
	  "        6400000000      branches                         #    1.600 G/sec                    (50.00%)\n"
	  "           8000000      branch-misses                    #    0.12% of all branches          (50.00%)\n"
	  "        2400000000      stalled-cycles-frontend          #   10.00% frontend cycles idle     (50.00%)\n"
	  "     <not counted>      L1-dcache-load-misses                                       \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "hw-x",
	  "4000.00,msec,task-clock,4000000000,100.00,4.000,CPUs utilized\n"
	  "24000000000,,cycles,2000000000,50.00,6.000,GHz\n"
	  "32000000000,,instructions,2000000000,50.00,1.33,insn per cycle\n"
	  ",,,,,0.07,stalled cycles per insn\n"
	  "6400000000,,branches,2000000000,50.00,1.600,G/sec\n"
	  "8000000,,branch-misses,2000000000,50.00,0.12,of all branches\n"
	  "2400000000,,stalled-cycles-frontend,2000000000,50.00,10.00,frontend cycles idle\n"
	  "<not counted>,,L1-dcache-load-misses,0,100.00,,\n" },
	{ "hw-j",
	  "{\"counter-value\" : \"4000.000000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 4000000000, \"pcnt-running\" : 100.00, \"metric-value\" : 4.000000, \"metric-unit\" : \"CPUs utilized\"}\n"
	  "{\"counter-value\" : \"24000000000.000000\", \"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 6.000000, \"metric-unit\" : \"GHz\"}\n"
	  "{\"counter-value\" : \"32000000000.000000\", \"unit\" : \"\", \"event\" : \"instructions\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 1.333333, \"metric-unit\" : \"insn per cycle\"}\n"
	  "{\"metric-value\" : 0.075000, \"metric-unit\" : \"stalled cycles per insn\"}\n"
	  "{\"counter-value\" : \"6400000000.000000\", \"unit\" : \"\", \"event\" : \"branches\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 1.600000, \"metric-unit\" : \"G/sec\"}\n"
	  "{\"counter-value\" : \"8000000.000000\", \"unit\" : \"\", \"event\" : \"branch-misses\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 0.125000, \"metric-unit\" : \"of all branches\"}\n"
	  "{\"counter-value\" : \"2400000000.000000\", \"unit\" : \"\", \"event\" : \"stalled-cycles-frontend\", \"event-runtime\" : 2000000000, \"pcnt-running\" : 50.00, \"metric-value\" : 10.000000, \"metric-unit\" : \"frontend cycles idle\"}\n"
	  "{\"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"L1-dcache-load-misses\", \"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}\n" },
	{ "multiplex-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "           1000.00 msec task-clock                       #    1.000 CPUs utilized          \n"
	  "        6000000000      cycles                           #    6.000 GHz                      (50.00%)\n"
	  "        8000000000      instructions                     #    1.33  insn per cycle         \n"
	  "                                                         #    0.07  stalled cycles per insn  (50.00%)\n"
	  "        1600000000      branches                         #    1.600 G/sec                    (50.00%)\n"
	  "           2000000      branch-misses                    #    0.12% of all branches          (50.00%)\n"
	  "         600000000      stalled-cycles-frontend          #   10.00% frontend cycles idle     (50.00%)\n"
	  "     <not counted>      L1-dcache-load-misses                                       \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "metric-only-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                 GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "               6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-x",
	  "GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-j",
	  "{\"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
	{ "metric-only-A-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                            GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "CPU0                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU1                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU2                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "CPU3                      6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-A-x",
	  "cpu,GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "CPU0,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU1,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU2,6.000,1.33,0.07,0.12,10.00,,\n"
	  "CPU3,6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-A-j",
	  "{\"cpu\" : \"0\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"1\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"2\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n"
	  "{\"cpu\" : \"3\", \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
	{ "metric-only-socket-h",
	  "\n"
	  " Performance counter stats for 'system wide':\n"
	  "\n"
	  "                             GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "S0        2                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "S1        2                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n"
	  "\n"
	  "       1.000000000 seconds time elapsed\n"
	  "\n" },
	{ "metric-only-I-h",
	  "#           time                  GHz       insn per cycle  stalled cycles per insn  branch-misses of all branches  frontend cycles idle  L1-dcache-load-misses of all L1-dcache accesses \n"
	  "     1.000001000                6.000                1.33                     0.07                           0.12%                10.00%                                                  \n" },
	{ "metric-only-I-x",
	  "time,GHz,insn per cycle,stalled cycles per insn,branch-misses of all branches,frontend cycles idle,L1-dcache-load-misses of all L1-dcache accesses,\n"
	  "     1.000001000,6.000,1.33,0.07,0.12,10.00,,\n" },
	{ "metric-only-I-j",
	  "{\"interval\" : 1.000001000, \"GHz\" : \"6.000\", \"insn per cycle\" : \"1.33\", \"stalled cycles per insn\" : \"0.07\", \"branch-misses of all branches\" : \"0.12\", \"frontend cycles idle\" : \"10.00\"}\n" },
	{ "merge-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.00 msec task-clock                       #    0.010 CPUs utilized          \n"
	  "              4000      unc_clk                          #    4.000 M/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "nomerge-h",
	  "\n"
	  " Performance counter stats for 'sleep 0.1':\n"
	  "\n"
	  "              1.00 msec task-clock                       #    0.010 CPUs utilized          \n"
	  "              1500      unc_clk [uncore_imc_0]           #    1.500 M/sec                  \n"
	  "              2500      unc_clk [uncore_imc_1]           #    2.500 M/sec                  \n"
	  "\n"
	  "       0.100000000 seconds time elapsed\n"
	  "\n"
	  "       0.002265000 seconds user\n"
	  "       0.000000000 seconds sys\n"
	  "\n"
	  "\n" },
	{ "nomerge-x",
	  "1.00,msec,task-clock,1000000,100.00,0.010,CPUs utilized\n"
	  "1500,,unc_clk [uncore_imc_0],1000000,100.00,1.500,M/sec\n"
	  "2500,,unc_clk [uncore_imc_1],1000000,100.00,2.500,M/sec\n" },
};
/* END EXPECTED */

static const char *expected_text(const char *name)
{
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++)
		if (!strcmp(expected[i].name, name))
			return expected[i].text;
	fail_msg("no expected text for %s", name);
	return NULL;
}

static void check(const char *name)
{
	char *text = run(name);
	const char *dir = getenv("STAT_TEST_RECORD");

	if (dir) {
		char path[512];
		FILE *file;

		snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
		file = fopen(path, "w");
		if (file) {
			fputs(text, file);
			fclose(file);
		}
	} else {
		assert_string_equal(text, expected_text(name));
	}
	free(text);
}

#define SCENARIOS(X)                                    \
	X(global_h, "global-h")                         \
	X(global_x, "global-x")                         \
	X(global_s, "global-s")                         \
	X(global_j, "global-j")                         \
	X(interval_h, "interval-h")                     \
	X(interval_x, "interval-x")                     \
	X(interval_j, "interval-j")                     \
	X(cpu01_h, "cpu01-h")                           \
	X(cpu01_x, "cpu01-x")                           \
	X(cpu01_j, "cpu01-j")                           \
	X(cpu01_I_h, "cpu01-I-h")                       \
	X(cpu01_I_x, "cpu01-I-x")                       \
	X(cpu01_I_j, "cpu01-I-j")                       \
	X(core_h, "core-h")                             \
	X(core_x, "core-x")                             \
	X(core_j, "core-j")                             \
	X(socket_h, "socket-h")                         \
	X(socket_x, "socket-x")                         \
	X(socket_j, "socket-j")                         \
	X(socket_I_h, "socket-I-h")                     \
	X(die_h, "die-h")                               \
	X(die_x, "die-x")                               \
	X(die_j, "die-j")                               \
	X(node_h, "node-h")                             \
	X(node_x, "node-x")                             \
	X(node_j, "node-j")                             \
	X(cache_h, "cache-h")                           \
	X(cache_x, "cache-x")                           \
	X(cache_j, "cache-j")                           \
	X(cache_I_h, "cache-I-h")                       \
	X(l2cache_h, "l2cache-h")                       \
	X(cluster_h, "cluster-h")                       \
	X(cluster_x, "cluster-x")                       \
	X(cluster_j, "cluster-j")                       \
	X(cluster_I_h, "cluster-I-h")                   \
	X(thread_h, "thread-h")                         \
	X(thread_x, "thread-x")                         \
	X(thread_j, "thread-j")                         \
	X(thread_I_h, "thread-I-h")                     \
	X(repeat_h, "repeat-h")                         \
	X(repeat_x, "repeat-x")                         \
	X(repeat_j, "repeat-j")                         \
	X(cgroup_h, "cgroup-h")                         \
	X(cgroup_x, "cgroup-x")                         \
	X(cgroup_j, "cgroup-j")                         \
	X(cgroup_A_h, "cgroup-A-h")                     \
	X(cgroup_A_x, "cgroup-A-x")                     \
	X(hw_h, "hw-h")                                 \
	X(hw_x, "hw-x")                                 \
	X(hw_j, "hw-j")                                 \
	X(multiplex_h, "multiplex-h")                   \
	X(metric_only_h, "metric-only-h")               \
	X(metric_only_x, "metric-only-x")               \
	X(metric_only_j, "metric-only-j")               \
	X(metric_only_A_h, "metric-only-A-h")           \
	X(metric_only_A_x, "metric-only-A-x")           \
	X(metric_only_A_j, "metric-only-A-j")           \
	X(metric_only_socket_h, "metric-only-socket-h") \
	X(metric_only_I_h, "metric-only-I-h")           \
	X(metric_only_I_x, "metric-only-I-x")           \
	X(metric_only_I_j, "metric-only-I-j")           \
	X(merge_h, "merge-h")                           \
	X(nomerge_h, "nomerge-h")                       \
	X(nomerge_x, "nomerge-x")

#define DEFINE_TEST(fn, name)               \
	static void test_##fn(void **state) \
	{                                   \
		check(name);                \
	}
SCENARIOS(DEFINE_TEST)

/* Fields of a CSV line (separators + 1). */
static int csv_fields(const char *line, const char *sep)
{
	int n = 1;

	for (const char *p = strstr(line, sep); p; p = strstr(p + 1, sep))
		n++;
	return n;
}

/*
 * perf's CSV line: value, unit, event, run, pcnt, metric, metric unit,
 * with the aggregation columns first, "noise%" with -r and the cgroup.
 */
static void check_csv_fields(const char *name, const char *sep, int fields)
{
	char *text = run(name), *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (csv_fields(line, sep) != fields)
			fail_msg("%s: %d fields, want %d: %s", name,
				 csv_fields(line, sep), fields, line);
	}
	free(text);
}

static void test_csv_field_counts(void **state)
{
	check_csv_fields("global-x", ",", 7);
	check_csv_fields("global-s", ";", 7);
	check_csv_fields("interval-x", ",", 8);
	check_csv_fields("cpu01-x", ",", 8);
	check_csv_fields("cpu01-I-x", ",", 9);
	check_csv_fields("thread-x", ",", 8);
	check_csv_fields("core-x", ",", 9);
	check_csv_fields("socket-x", ",", 9);
	check_csv_fields("die-x", ",", 9);
	check_csv_fields("node-x", ",", 9);
	check_csv_fields("cache-x", ",", 9);
	check_csv_fields("cluster-x", ",", 9);
	check_csv_fields("repeat-x", ",", 8);
	check_csv_fields("cgroup-x", ",", 8);
	check_csv_fields("cgroup-A-x", ",", 9);
	check_csv_fields("hw-x", ",", 7);
}

/* The keys of a flat JSON object, in order, joined by ",". */
static void json_keys(const char *line, char *keys, size_t size)
{
	const char *p = line;
	size_t len = 0;

	keys[0] = '\0';
	assert_int_equal(*p, '{');
	p++;
	while (*p && *p != '}') {
		const char *end;

		while (*p == ' ' || *p == ',')
			p++;
		assert_int_equal(*p, '"');
		end = strchr(p + 1, '"');
		assert_non_null(end);
		len += snprintf(keys + len, size - len, "%s%.*s",
				len ? "," : "", (int)(end - p - 1), p + 1);
		p = end + 1;
		assert_true(!strncmp(p, " : ", 3));
		p += 3;
		if (*p == '"') {
			p = strchr(p + 1, '"');
			assert_non_null(p);
			p++;
		} else {
			while (*p && *p != ',' && *p != '}')
				p++;
		}
	}
	assert_int_equal(*p, '}');
	assert_int_equal(p[1], '\0');
}

static void check_json_keys(const char *name, const char *want)
{
	char *text = run(name), *save = NULL, keys[1024];

	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		json_keys(line, keys, sizeof(keys));
		if (strcmp(keys, want))
			fail_msg("%s: keys %s, want %s", name, keys, want);
	}
	free(text);
}

#define JSON_COUNTER                                                        \
	"counter-value,unit,event,event-runtime,pcnt-running,metric-value," \
	"metric-unit"

static void test_json_keys(void **state)
{
	check_json_keys("global-j", JSON_COUNTER);
	check_json_keys("interval-j", "interval," JSON_COUNTER);
	check_json_keys("cpu01-j", "cpu," JSON_COUNTER);
	check_json_keys("cpu01-I-j", "interval,cpu," JSON_COUNTER);
	check_json_keys("thread-j", "thread," JSON_COUNTER);
	check_json_keys("core-j", "core,aggregate-number," JSON_COUNTER);
	check_json_keys("socket-j", "socket,aggregate-number," JSON_COUNTER);
	check_json_keys("die-j", "die,aggregate-number," JSON_COUNTER);
	check_json_keys("node-j", "node,aggregate-number," JSON_COUNTER);
	check_json_keys("cache-j", "cache,aggregate-number," JSON_COUNTER);
	check_json_keys("cluster-j", "cluster,aggregate-number," JSON_COUNTER);
	check_json_keys("repeat-j",
			"counter-value,unit,event,variance,event-runtime,"
			"pcnt-running,metric-value,metric-unit");
	check_json_keys("cgroup-j",
			"counter-value,unit,event,cgroup,event-runtime,"
			"pcnt-running,metric-value,metric-unit");
}

/* The header names the target the way perf does. */
static void test_header_targets(void **state)
{
	static const struct {
		struct target target;
		int runs;
		const char *want;
	} cases[] = {
		{ { 0 }, 1, " Performance counter stats for 'sleep 0.1':\n" },
		{ { 0 },
		  5,
		  " Performance counter stats for 'sleep 0.1' (5 runs):\n" },
		{ { .system_wide = true },
		  1,
		  " Performance counter stats for 'system wide':\n" },
		{ { .cpu_list = "0,1" },
		  1,
		  " Performance counter stats for 'CPU(s) 0,1':\n" },
		{ { .pid = "123" },
		  1,
		  " Performance counter stats for process id '123':\n" },
		{ { .tid = "5" },
		  1,
		  " Performance counter stats for thread id '5':\n" },
	};
	static const int any_cpu[] = { -1 };
	static const pid_t task[] = { 1234 };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scenario s;
		char *text = NULL;
		size_t len = 0;

		scenario__init(&s, any_cpu, 1, task, 1);
		s.target = cases[i].target;
		s.config.run_count = cases[i].runs;
		scenario__event(&s, PERF_TYPE_SOFTWARE,
				PERF_COUNT_SW_PAGE_FAULTS, "page-faults");
		count(s.ev[0], 0, 0, 7, 10, 10);
		scenario__process(&s);
		scenario__render(&s, NULL, &text, &len);
		assert_true(!strncmp(text, "\n", 1));
		assert_true(!strncmp(text + 1, cases[i].want,
				     strlen(cases[i].want)));
		/* user/sys only for a workload counted as a task */
		assert_int_equal(strstr(text, "seconds user") != NULL,
				 !cases[i].target.system_wide &&
					 !cases[i].target.cpu_list &&
					 !cases[i].target.pid &&
					 !cases[i].target.tid &&
					 cases[i].runs == 1);
		free(text);
		scenario__exit(&s);
	}
}

/* -q prints nothing; thousands separators follow the locale. */
static void test_quiet_and_big_num(void **state)
{
	static const int any_cpu[] = { -1 };
	static const pid_t task[] = { 1234 };
	struct scenario s;
	char *text = NULL;
	size_t len = 0;

	scenario__init(&s, any_cpu, 1, task, 1);
	scenario__event(&s, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
			"page-faults");
	count(s.ev[0], 0, 0, 1234567, 10, 10);
	scenario__process(&s);
	s.config.quiet = true;
	scenario__render(&s, NULL, &text, &len);
	assert_int_equal(len, 0);
	s.config.quiet = false;
	s.config.big_num = false;
	scenario__render(&s, NULL, &text, &len);
	assert_non_null(strstr(text, "           1234567      page-faults"));
	free(text);
	scenario__exit(&s);
}

int main(void)
{
#define LIST_TEST(fn, name) cmocka_unit_test(test_##fn),
	const struct CMUnitTest tests[] = {
		SCENARIOS(LIST_TEST) cmocka_unit_test(test_csv_field_counts),
		cmocka_unit_test(test_json_keys),
		cmocka_unit_test(test_header_targets),
		cmocka_unit_test(test_quiet_and_big_num),
	};

	return cmocka_run_group_tests(tests, setup_sysfs, teardown_sysfs);
}
