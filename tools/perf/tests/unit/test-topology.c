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
#include <unistd.h>

#include <cmocka.h>

#include "fake-sysfs.h"
#include "util/topology.h"

/*
 * cpu0-7: two sockets of two dies of two cores (die_id, cluster_id
 * present); cpu8 has only physical_package_id and core_id (an older
 * kernel), and no cache directory.  L1d/L1i/L2 per CPU, L3 per die, the
 * L3 of die 1 without an id file.  Nodes: 0-3 in node0, 4-7 in node2.
 */
static int setup(void **state)
{
	if (fake_sysfs__create())
		return -1;
	for (int cpu = 0; cpu < 8; cpu++) {
		static const char *const types[] = { "Data", "Instruction",
						     "Unified", "Unified" };
		static const int levels[] = { 1, 1, 2, 3 };

		fake_sysfs__write_cpu(cpu, "topology/physical_package_id",
				      "%d\n", cpu / 4);
		fake_sysfs__write_cpu(cpu, "topology/die_id", "%d\n",
				      cpu / 2 % 2);
		fake_sysfs__write_cpu(cpu, "topology/cluster_id", "%d\n",
				      cpu / 2 + 10);
		fake_sysfs__write_cpu(cpu, "topology/core_id", "%d\n", cpu % 2);
		for (int idx = 0; idx < 4; idx++) {
			char rel[128];

			snprintf(rel, sizeof(rel), "cache/index%d/level", idx);
			fake_sysfs__write_cpu(cpu, rel, "%d\n", levels[idx]);
			snprintf(rel, sizeof(rel), "cache/index%d/type", idx);
			fake_sysfs__write_cpu(cpu, rel, "%s\n", types[idx]);
			snprintf(rel, sizeof(rel),
				 "cache/index%d/shared_cpu_list", idx);
			if (idx == 3)
				fake_sysfs__write_cpu(cpu, rel, "%d-%d\n",
						      cpu / 2 * 2,
						      cpu / 2 * 2 + 1);
			else
				fake_sysfs__write_cpu(cpu, rel, "%d\n", cpu);
			snprintf(rel, sizeof(rel), "cache/index%d/id", idx);
			if (idx < 3)
				fake_sysfs__write_cpu(cpu, rel, "%d\n",
						      100 * idx + cpu);
			else if (cpu / 2 % 2 == 0)
				fake_sysfs__write_cpu(cpu, rel, "%d\n",
						      30 + cpu / 2);
		}
	}
	fake_sysfs__write_cpu(8, "topology/physical_package_id", "3\n");
	fake_sysfs__write_cpu(8, "topology/core_id", "7\n");
	fake_sysfs__write("devices/system/node/node0/cpulist", "0-3\n");
	fake_sysfs__write("devices/system/node/node2/cpulist", "4-5,6-7\n");
	fake_sysfs__write("devices/system/node/online", "0,2\n");
	return 0;
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
	/* No cache directory: level and id -1 (perf: S3-D0-L-1-ID-1). */
	assert_int_equal(topo.cache_level, -1);
	assert_int_equal(topo.cache_id, -1);
	assert_int_equal(cpu__topology(8, 2, &topo), 0);
	assert_int_equal(topo.cache_level, -1);
	assert_int_equal(topo.cache_id, -1);

	assert_int_equal(cpu__topology(9, 0, &topo), -ENOENT);
	assert_int_equal(cpu__topology(-1, 0, &topo), -EINVAL);
}

/* Results are cached; a new root forgets them. */
static void test_cache_and_root(void **state)
{
	struct cpu_topology topo;

	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	fake_sysfs__write_cpu(1, "topology/core_id", "9\n");
	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	assert_int_equal(topo.core, 1);
	topology__set_sysfs_root(fake_sysfs__root());
	assert_int_equal(cpu__topology(1, 0, &topo), 0);
	assert_int_equal(topo.core, 9);
	fake_sysfs__write_cpu(1, "topology/core_id", "1\n");
	topology__set_sysfs_root(fake_sysfs__root());
}

/* The machine's own sysfs: cpu0 always exists. */
static void test_real_sysfs(void **state)
{
	struct cpu_topology topo;

	topology__set_sysfs_root(NULL);
	assert_int_equal(cpu__topology(0, 0, &topo), 0);
	assert_true(topo.node >= 0);
	topology__set_sysfs_root(fake_sysfs__root());
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

	return cmocka_run_group_tests(tests, setup, fake_sysfs__teardown);
}
