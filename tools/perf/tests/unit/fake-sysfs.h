/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_TESTS_UNIT_FAKE_SYSFS_H
#define PERF_TESTS_UNIT_FAKE_SYSFS_H

/*
 * A fake /sys in a temporary directory, made the topology code's root
 * (topology__set_sysfs_root) for the unit tests that need CPU topology.
 * Every writer fails the running test if it cannot write.
 */

/* Make an empty tree and point the topology code at it: 0 or -1. */
int fake_sysfs__create(void);
/* Remove the tree and restore the real /sys: 0 or -1. */
int fake_sysfs__destroy(void);
/* The tree's directory (valid between create and destroy). */
const char *fake_sysfs__root(void);

/* Write printf-style text to the file rel (under the root), with dirs. */
void fake_sysfs__write(const char *rel, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The same under devices/system/cpu/cpu<cpu>/. */
void fake_sysfs__write_cpu(int cpu, const char *rel, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * cmocka group setup and teardown of the tree the stat tests share:
 * cpu0-3, cpu0,1 in socket 0 and cpu2,3 in socket 1, one die, cores 0
 * and 1 in each socket, one cluster per core, an L1d, L1i and L2 per CPU
 * and an L3 per socket, NUMA node = socket.
 */
int fake_sysfs__setup_two_sockets(void **state);
int fake_sysfs__teardown(void **state);

#endif /* PERF_TESTS_UNIT_FAKE_SYSFS_H */
