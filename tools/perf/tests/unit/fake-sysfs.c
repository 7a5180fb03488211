// SPDX-License-Identifier: GPL-2.0
/*
 * The unit tests' fake /sys: a temporary directory that the topology code
 * reads instead of the machine's, and the two-socket tree the stat and
 * display tests share.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "fake-sysfs.h"
#include "util/topology.h"

#define FAKE_SYSFS_TEMPLATE "/tmp/perf-fake-sysfs-XXXXXX"

static char fake_root[sizeof(FAKE_SYSFS_TEMPLATE)];

int fake_sysfs__create(void)
{
	snprintf(fake_root, sizeof(fake_root), "%s", FAKE_SYSFS_TEMPLATE);
	if (!mkdtemp(fake_root)) {
		fake_root[0] = '\0';
		return -1;
	}
	topology__set_sysfs_root(fake_root);
	return 0;
}

int fake_sysfs__destroy(void)
{
	char cmd[sizeof(fake_root) + 16];

	topology__set_sysfs_root(NULL);
	/* Only ever remove a directory that create() made. */
	if (strncmp(fake_root, FAKE_SYSFS_TEMPLATE,
		    sizeof(FAKE_SYSFS_TEMPLATE) - 7))
		return 0;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fake_root);
	fake_root[0] = '\0';
	return system(cmd) ? -1 : 0;
}

const char *fake_sysfs__root(void)
{
	return fake_root;
}

static void fake_sysfs__vwrite(const char *rel, const char *fmt, va_list ap)
{
	char path[4096], *slash;
	FILE *file;

	assert_true(fake_root[0] != '\0');
	snprintf(path, sizeof(path), "%s/%s", fake_root, rel);
	for (slash = strchr(path + strlen(fake_root) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	file = fopen(path, "w");
	assert_non_null(file);
	vfprintf(file, fmt, ap);
	assert_int_equal(fclose(file), 0);
}

void fake_sysfs__write(const char *rel, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fake_sysfs__vwrite(rel, fmt, ap);
	va_end(ap);
}

void fake_sysfs__write_cpu(int cpu, const char *rel, const char *fmt, ...)
{
	char path[256];
	va_list ap;

	snprintf(path, sizeof(path), "devices/system/cpu/cpu%d/%s", cpu, rel);
	va_start(ap, fmt);
	fake_sysfs__vwrite(path, fmt, ap);
	va_end(ap);
}

int fake_sysfs__setup_two_sockets(void **state)
{
	static const struct {
		const char *level, *type;
		bool per_socket; /* id: the socket's, else the CPU's */
	} caches[] = {
		{ "1", "Data", false },
		{ "1", "Instruction", false },
		{ "2", "Unified", false },
		{ "3", "Unified", true },
	};

	if (fake_sysfs__create())
		return -1;
	for (int cpu = 0; cpu < 4; cpu++) {
		int socket = cpu / 2, core = cpu % 2;

		fake_sysfs__write_cpu(cpu, "topology/physical_package_id",
				      "%d\n", socket);
		fake_sysfs__write_cpu(cpu, "topology/die_id", "0\n");
		fake_sysfs__write_cpu(cpu, "topology/core_id", "%d\n", core);
		fake_sysfs__write_cpu(cpu, "topology/cluster_id", "%d\n",
				      socket * 2 + core);
		for (int idx = 0; idx < 4; idx++) {
			char rel[64];

			snprintf(rel, sizeof(rel), "cache/index%d/level", idx);
			fake_sysfs__write_cpu(cpu, rel, "%s",
					      caches[idx].level);
			snprintf(rel, sizeof(rel), "cache/index%d/type", idx);
			fake_sysfs__write_cpu(cpu, rel, "%s", caches[idx].type);
			snprintf(rel, sizeof(rel), "cache/index%d/id", idx);
			fake_sysfs__write_cpu(cpu, rel, "%d\n",
					      caches[idx].per_socket ? socket :
								       cpu);
		}
	}
	fake_sysfs__write("devices/system/node/node0/cpulist", "0-1\n");
	fake_sysfs__write("devices/system/node/node1/cpulist", "2-3\n");
	return 0;
}

int fake_sysfs__teardown(void **state)
{
	return fake_sysfs__destroy();
}
