// SPDX-License-Identifier: GPL-2.0
/*
 * cpu__topology() against a fake sysfs tree: socket, die, cluster, core,
 * NUMA node and the cache used by --per-cache, with the files a kernel
 * may lack.
 */
#include <errno.h>
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

#include "util/topology.h"

static char root[256];

static void write_file(const char *rel, const char *text)
{
	char path[1024], *slash;
	FILE *file;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash;
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

static void write_cpu(int cpu, const char *rel, const char *fmt, ...)
{
	char path[256], text[64];
	va_list ap;

	snprintf(path, sizeof(path), "devices/system/cpu/cpu%d/%s", cpu, rel);
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	write_file(path, text);
}

/*
 * cpu0-7: two sockets of two dies of two cores (die_id, cluster_id
 * present); cpu8 has only physical_package_id and core_id (an older
 * kernel), and no cache directory.  L1d/L1i/L2 per CPU, L3 per die, the
 * L3 of die 1 without an id file.  Nodes: 0-3 in node0, 4-7 in node2.
 */
static int setup(void **state)
{
	snprintf(root, sizeof(root), "/tmp/perf-topology-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	for (int cpu = 0; cpu < 8; cpu++) {
		static const char *const types[] = { "Data", "Instruction",
						     "Unified", "Unified" };
		static const int levels[] = { 1, 1, 2, 3 };

		write_cpu(cpu, "topology/physical_package_id", "%d\n", cpu / 4);
		write_cpu(cpu, "topology/die_id", "%d\n", cpu / 2 % 2);
		write_cpu(cpu, "topology/cluster_id", "%d\n", cpu / 2 + 10);
		write_cpu(cpu, "topology/core_id", "%d\n", cpu % 2);
		for (int idx = 0; idx < 4; idx++) {
			char rel[128];

			snprintf(rel, sizeof(rel), "cache/index%d/level", idx);
			write_cpu(cpu, rel, "%d\n", levels[idx]);
			snprintf(rel, sizeof(rel), "cache/index%d/type", idx);
			write_cpu(cpu, rel, "%s\n", types[idx]);
			snprintf(rel, sizeof(rel),
				 "cache/index%d/shared_cpu_list", idx);
			if (idx == 3)
				write_cpu(cpu, rel, "%d-%d\n", cpu / 2 * 2,
					  cpu / 2 * 2 + 1);
			else
				write_cpu(cpu, rel, "%d\n", cpu);
			snprintf(rel, sizeof(rel), "cache/index%d/id", idx);
			if (idx < 3)
				write_cpu(cpu, rel, "%d\n", 100 * idx + cpu);
			else if (cpu / 2 % 2 == 0)
				write_cpu(cpu, rel, "%d\n", 30 + cpu / 2);
		}
	}
	write_cpu(8, "topology/physical_package_id", "3\n");
	write_cpu(8, "topology/core_id", "7\n");
	write_file("devices/system/node/node0/cpulist", "0-3\n");
	write_file("devices/system/node/node2/cpulist", "4-5,6-7\n");
	write_file("devices/system/node/online", "0,2\n");
	topology__set_sysfs_root(root);
	return 0;
}

static int teardown(void **state)
{
	char cmd[512];

	topology__set_sysfs_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) ? -1 : 0;
}

static void test_full_topology(void **state)
{
	for (int cpu = 0; cpu < 8; cpu++) {
		struct cpu_topology topo;

		assert_int_equal(cpu__topology(cpu, 0, &topo), 0);
		assert_int_equal(topo.socket, cpu / 4);
		assert_int_equal(topo.die, cpu / 2 % 2);
		assert_int_equal(topo.cluster, cpu / 2 + 10);
		assert_int_equal(topo.core, cpu % 2);
		assert_int_equal(topo.node, cpu < 4 ? 0 : 2);
		/* the last level by default */
		assert_int_equal(topo.cache_level, 3);
		/* no id file: the first CPU sharing the cache */
		assert_int_equal(topo.cache_id,
				 cpu / 2 % 2 == 0 ? 30 + cpu / 2 : cpu / 2 * 2);
	}
}

static void test_cache_levels(void **state)
{
	struct cpu_topology topo;

	assert_int_equal(cpu__topology(5, 2, &topo), 0);
	assert_int_equal(topo.cache_level, 2);
	assert_int_equal(topo.cache_id, 205);
	/* L1 is the data cache, not the instruction one */
	assert_int_equal(cpu__topology(5, 1, &topo), 0);
	assert_int_equal(topo.cache_level, 1);
	assert_int_equal(topo.cache_id, 5);
	/* a level the CPU does not have */
	assert_int_equal(cpu__topology(5, 4, &topo), 0);
	assert_int_equal(topo.cache_level, 4);
	assert_int_equal(topo.cache_id, -1);
}

static void test_missing_files(void **state)
{
	struct cpu_topology topo;

	assert_int_equal(cpu__topology(8, 0, &topo), 0);
	assert_int_equal(topo.socket, 3);
	assert_int_equal(topo.core, 7);
	assert_int_equal(topo.die, 0);
	assert_int_equal(topo.cluster, 0);
	assert_int_equal(topo.node, 0);
	assert_int_equal(topo.cache_id, -1);

	assert_int_equal(cpu__topology(9, 0, &topo), -ENOENT);
	assert_int_equal(cpu__topology(-1, 0, &topo), -EINVAL);
}

/* Results are cached; a new root forgets them. */
static void test_cache_and_root(void **state)
{
	struct cpu_topology topo;

	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	write_cpu(1, "topology/core_id", "9\n");
	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	assert_int_equal(topo.core, 1);
	topology__set_sysfs_root(root);
	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	assert_int_equal(topo.core, 9);
	write_cpu(1, "topology/core_id", "1\n");
	topology__set_sysfs_root(root);
}

/* The machine's own sysfs: cpu0 always exists. */
static void test_real_sysfs(void **state)
{
	struct cpu_topology topo;

	topology__set_sysfs_root(NULL);
	assert_int_equal(cpu__topology(0, 0, &topo), 0);
	assert_true(topo.node >= 0);
	topology__set_sysfs_root(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_topology),
		cmocka_unit_test(test_cache_levels),
		cmocka_unit_test(test_missing_files),
		cmocka_unit_test(test_cache_and_root),
		cmocka_unit_test(test_real_sysfs),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
