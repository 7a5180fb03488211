/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_PMU_H
#define PERF_UTIL_PMU_H

/*
 * The kernel's PMUs as sysfs describes them, one directory each under
 * <root>/bus/event_source/devices/<pmu>/:
 *
 *   type              the perf_event_attr.type to use ("10")
 *   cpumask           the CPUs its events count on (uncore, power, ...:
 *                     one per package or die), system-wide only
 *   format/<term>     where a term's value goes ("config:0-7,21")
 *   events/<alias>    a named event, as terms ("event=0x00")
 *   events/<alias>.unit, .scale   how to print its counts
 *
 * PMUs are read once and cached for the life of the process.  The root is
 * "/sys", or $PERF_SYSFS_ROOT when set, or whatever pmu__set_sysfs_root()
 * chose last (unit tests point it at a fake tree).
 */

#include <stdbool.h>
#include <linux/types.h>

enum perf_pmu_format_field {
	PERF_PMU_FORMAT_CONFIG,
	PERF_PMU_FORMAT_CONFIG1,
	PERF_PMU_FORMAT_CONFIG2,
};

/* format/<name>: the bits of config, config1 or config2 a term fills. */
struct perf_pmu_format {
	char *name;
	enum perf_pmu_format_field field;
	__u64 bits;
};

/* events/<name>: a named event of this PMU. */
struct perf_pmu_alias {
	char *name;
	char *terms; /* "event=0x3c,umask=0x1" */
	char *unit; /* events/<name>.unit, NULL if none */
	double scale; /* events/<name>.scale, 1.0 if none */
};

struct perf_cpu_map;

struct perf_pmu {
	char *name;
	__u32 type;
	/*
	 * The cpumask file: its events are counted on these CPUs, whatever
	 * the target, as perf counts them.  NULL: none (core PMUs, software,
	 * tracepoints, msr), the events count per task or per CPU asked for.
	 */
	struct perf_cpu_map *cpus;
	struct perf_pmu_format *formats;
	int nr_formats;
	struct perf_pmu_alias *aliases; /* sorted by name */
	int nr_aliases;
	struct perf_pmu *next;
};

/* Point the PMU code at another sysfs root (tests); drops the cache. */
void pmu__set_sysfs_root(const char *root);
const char *pmu__sysfs_root(void);
/* Forget every PMU read so far. */
void pmu__cleanup(void);

/* The PMU called name, or NULL with errno ENOENT (or ENOMEM). */
struct perf_pmu *perf_pmu__find(const char *name);
/*
 * Every PMU of the machine, sorted by name, as a list through ->next.
 * NULL with errno set when there are none or sysfs cannot be read.
 */
struct perf_pmu *perf_pmu__scan_all(void);

const struct perf_pmu_format *perf_pmu__find_format(const struct perf_pmu *pmu,
						    const char *name);
/* Aliases match case-insensitively, as in perf. */
const struct perf_pmu_alias *perf_pmu__find_alias(const struct perf_pmu *pmu,
						  const char *name);

/* Number of value bits a format holds. */
int perf_pmu_format__width(const struct perf_pmu_format *format);
/*
 * Place value into the format's bits of *config (clearing what was there
 * before).  Returns 0, or -ERANGE when value does not fit.
 */
int perf_pmu_format__apply(const struct perf_pmu_format *format, __u64 value,
			   __u64 *config);
/*
 * Parse a format file's text ("config:0-7,21\n") into field and bits.
 * Returns 0 or -EINVAL.
 */
int perf_pmu_format__parse(const char *text, enum perf_pmu_format_field *field,
			   __u64 *bits);

#endif /* PERF_UTIL_PMU_H */
