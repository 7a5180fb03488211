// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs PMUs: type, format/ and events/ of each
 * <root>/bus/event_source/devices/<pmu>, read on first use and cached.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cpumap.h"
#include "pmu.h"

#define PMU_DEVICES "bus/event_source/devices"

static char *sysfs_root_override;
static struct perf_pmu *pmus; /* cache, sorted by name */
static bool pmus_all_scanned;

void pmu__set_sysfs_root(const char *root)
{
	pmu__cleanup();
	free(sysfs_root_override);
	sysfs_root_override = root ? strdup(root) : NULL;
}

const char *pmu__sysfs_root(void)
{
	const char *env;

	if (sysfs_root_override)
		return sysfs_root_override;
	env = getenv("PERF_SYSFS_ROOT");
	if (env && *env)
		return env;
	return "/sys";
}

static void pmu__delete(struct perf_pmu *pmu)
{
	for (int i = 0; i < pmu->nr_formats; i++)
		free(pmu->formats[i].name);
	for (int i = 0; i < pmu->nr_aliases; i++) {
		free(pmu->aliases[i].name);
		free(pmu->aliases[i].terms);
		free(pmu->aliases[i].unit);
	}
	free(pmu->formats);
	free(pmu->aliases);
	cpu_map__put(pmu->cpus);
	free(pmu->name);
	free(pmu);
}

void pmu__cleanup(void)
{
	while (pmus) {
		struct perf_pmu *next = pmus->next;

		pmu__delete(pmus);
		pmus = next;
	}
	pmus_all_scanned = false;
}

/* snprintf() for paths: 0, or -ENAMETOOLONG when it does not fit. */
static int path__format(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int path__format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len < 0 || (size_t)len >= size ? -ENAMETOOLONG : 0;
}

/*
 * Read a small sysfs file into buf, without trailing whitespace.
 * Returns 0 or -errno.
 */
static int sysfs__read_str(const char *path, char *buf, size_t size)
{
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, size - 1);
	if (len < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	while (len > 0 && isspace((unsigned char)buf[len - 1]))
		len--;
	buf[len] = '\0';
	return 0;
}

int perf_pmu_format__parse(const char *text, enum perf_pmu_format_field *field,
			   __u64 *bits)
{
	const char *p;
	__u64 mask = 0;

	if (!strncmp(text, "config:", 7)) {
		*field = PERF_PMU_FORMAT_CONFIG;
		p = text + 7;
	} else if (!strncmp(text, "config1:", 8)) {
		*field = PERF_PMU_FORMAT_CONFIG1;
		p = text + 8;
	} else if (!strncmp(text, "config2:", 8)) {
		*field = PERF_PMU_FORMAT_CONFIG2;
		p = text + 8;
	} else {
		return -EINVAL;
	}

	for (;;) {
		unsigned long lo, hi;
		char *end;

		if (!isdigit((unsigned char)*p))
			return -EINVAL;
		lo = strtoul(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			p++;
			if (!isdigit((unsigned char)*p))
				return -EINVAL;
			hi = strtoul(p, &end, 10);
			p = end;
		}
		if (lo > hi || hi > 63)
			return -EINVAL;
		for (unsigned long b = lo; b <= hi; b++)
			mask |= 1ULL << b;
		if (*p == '\0' || isspace((unsigned char)*p))
			break;
		if (*p != ',')
			return -EINVAL;
		p++;
	}
	if (!mask)
		return -EINVAL;
	*bits = mask;
	return 0;
}

int perf_pmu_format__width(const struct perf_pmu_format *format)
{
	return __builtin_popcountll(format->bits);
}

int perf_pmu_format__apply(const struct perf_pmu_format *format, __u64 value,
			   __u64 *config)
{
	int width = perf_pmu_format__width(format);
	__u64 result = *config & ~format->bits;
	int vbit = 0;

	if (width < 64 && (value >> width))
		return -ERANGE;
	for (int bit = 0; bit < 64; bit++) {
		if (!(format->bits & (1ULL << bit)))
			continue;
		if (value & (1ULL << vbit))
			result |= 1ULL << bit;
		vbit++;
	}
	*config = result;
	return 0;
}

static int pmu__load_formats(struct perf_pmu *pmu, const char *dir)
{
	char path[PATH_MAX];
	struct dirent *ent;
	DIR *d;
	int err = 0;

	if (path__format(path, sizeof(path), "%s/format", dir))
		return 0;
	d = opendir(path);
	if (!d)
		return 0; /* a PMU without terms, like software */
	while ((ent = readdir(d))) {
		struct perf_pmu_format *formats, *f;
		char file[PATH_MAX], text[256];

		if (ent->d_name[0] == '.')
			continue;
		if (path__format(file, sizeof(file), "%s/%s", path,
				 ent->d_name) ||
		    sysfs__read_str(file, text, sizeof(text)))
			continue;
		formats = realloc(pmu->formats,
				  (pmu->nr_formats + 1) * sizeof(*formats));
		if (!formats) {
			err = -ENOMEM;
			break;
		}
		pmu->formats = formats;
		f = &formats[pmu->nr_formats];
		if (perf_pmu_format__parse(text, &f->field, &f->bits))
			continue; /* a format we do not understand */
		f->name = strdup(ent->d_name);
		if (!f->name) {
			err = -ENOMEM;
			break;
		}
		pmu->nr_formats++;
	}
	closedir(d);
	return err;
}

static bool alias__is_attribute_file(const char *name)
{
	static const char *const suffixes[] = { ".unit", ".scale", ".per-pkg",
						".snapshot" };
	size_t len = strlen(name);

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t slen = strlen(suffixes[i]);

		if (len > slen && !strcmp(name + len - slen, suffixes[i]))
			return true;
	}
	return false;
}

static int alias__cmp(const void *a, const void *b)
{
	const struct perf_pmu_alias *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static int pmu__load_alias(struct perf_pmu_alias *alias, const char *dir,
			   const char *name)
{
	char file[PATH_MAX], text[4096];
	int err;

	err = path__format(file, sizeof(file), "%s/%s", dir, name);
	if (!err)
		err = sysfs__read_str(file, text, sizeof(text));
	if (err)
		return err;
	alias->name = strdup(name);
	alias->terms = strdup(text);
	alias->scale = 1.0;
	if (!alias->name || !alias->terms)
		return -ENOMEM;

	if (!path__format(file, sizeof(file), "%s/%s.unit", dir, name) &&
	    !sysfs__read_str(file, text, sizeof(text)) && text[0]) {
		alias->unit = strdup(text);
		if (!alias->unit)
			return -ENOMEM;
	}
	if (!path__format(file, sizeof(file), "%s/%s.scale", dir, name) &&
	    !sysfs__read_str(file, text, sizeof(text))) {
		char *end;
		double scale = strtod(text, &end);

		if (end != text && scale != 0)
			alias->scale = scale;
	}
	return 0;
}

static int pmu__load_aliases(struct perf_pmu *pmu, const char *dir)
{
	char path[PATH_MAX];
	struct dirent *ent;
	DIR *d;
	int err = 0;

	if (path__format(path, sizeof(path), "%s/events", dir))
		return 0;
	d = opendir(path);
	if (!d)
		return 0;
	while ((ent = readdir(d))) {
		struct perf_pmu_alias *aliases;

		if (ent->d_name[0] == '.' ||
		    alias__is_attribute_file(ent->d_name))
			continue;
		aliases = realloc(pmu->aliases,
				  (pmu->nr_aliases + 1) * sizeof(*aliases));
		if (!aliases) {
			err = -ENOMEM;
			break;
		}
		pmu->aliases = aliases;
		memset(&aliases[pmu->nr_aliases], 0, sizeof(aliases[0]));
		err = pmu__load_alias(&aliases[pmu->nr_aliases], path,
				      ent->d_name);
		if (err == -ENOMEM) {
			pmu->nr_aliases++; /* let pmu__delete free it */
			break;
		}
		if (err) {
			free(aliases[pmu->nr_aliases].name);
			free(aliases[pmu->nr_aliases].terms);
			err = 0; /* unreadable alias: skip it */
			continue;
		}
		pmu->nr_aliases++;
	}
	closedir(d);
	if (!err && pmu->nr_aliases)
		qsort(pmu->aliases, pmu->nr_aliases, sizeof(pmu->aliases[0]),
		      alias__cmp);
	return err;
}

/*
 * The cpumask of a PMU that has one ("0", "0,18"): 0, or -ENOMEM.  A
 * file that is missing, empty or not a CPU list leaves it NULL, as for a
 * core PMU.
 */
static int pmu__load_cpumask(struct perf_pmu *pmu, const char *dir)
{
	char file[PATH_MAX], text[4096];
	int ret;

	if (path__format(file, sizeof(file), "%s/cpumask", dir) ||
	    sysfs__read_str(file, text, sizeof(text)) || !text[0])
		return 0;
	ret = cpu_map__parse(text, 0, &pmu->cpus, NULL);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		pmu->cpus = NULL;
	return 0;
}

/* Read one PMU from sysfs; NULL with errno on failure. */
static struct perf_pmu *pmu__read(const char *name)
{
	char dir[PATH_MAX], file[PATH_MAX], text[64];
	struct perf_pmu *pmu;
	unsigned long type;
	char *end;
	int err;

	if (!*name || strchr(name, '/') || !strcmp(name, ".") ||
	    !strcmp(name, "..")) {
		errno = ENOENT;
		return NULL;
	}
	err = path__format(dir, sizeof(dir), "%s/" PMU_DEVICES "/%s",
			   pmu__sysfs_root(), name);
	if (!err)
		err = path__format(file, sizeof(file), "%s/type", dir);
	if (!err)
		err = sysfs__read_str(file, text, sizeof(text));
	if (err) {
		errno = err == -ENOMEM ? ENOMEM : ENOENT;
		return NULL;
	}
	errno = 0;
	type = strtoul(text, &end, 10);
	if (errno || end == text || *end || type > UINT32_MAX) {
		errno = ENOENT;
		return NULL;
	}

	pmu = calloc(1, sizeof(*pmu));
	if (!pmu)
		return NULL;
	pmu->type = type;
	pmu->name = strdup(name);
	if (!pmu->name) {
		err = -ENOMEM;
		goto out_delete;
	}
	err = pmu__load_formats(pmu, dir);
	if (!err)
		err = pmu__load_cpumask(pmu, dir);
	if (err)
		goto out_delete;
	err = pmu__load_aliases(pmu, dir);
	if (err)
		goto out_delete;
	return pmu;

out_delete:
	pmu__delete(pmu);
	errno = -err;
	return NULL;
}

static struct perf_pmu *pmu__cached(const char *name)
{
	for (struct perf_pmu *pmu = pmus; pmu; pmu = pmu->next) {
		if (!strcmp(pmu->name, name))
			return pmu;
	}
	return NULL;
}

static void pmu__insert(struct perf_pmu *pmu)
{
	struct perf_pmu **pos = &pmus;

	while (*pos && strcmp((*pos)->name, pmu->name) < 0)
		pos = &(*pos)->next;
	pmu->next = *pos;
	*pos = pmu;
}

struct perf_pmu *perf_pmu__find(const char *name)
{
	struct perf_pmu *pmu = pmu__cached(name);

	if (pmu)
		return pmu;
	if (pmus_all_scanned) {
		errno = ENOENT;
		return NULL;
	}
	pmu = pmu__read(name);
	if (!pmu)
		return NULL;
	pmu__insert(pmu);
	return pmu;
}

struct perf_pmu *perf_pmu__scan_all(void)
{
	char dir[PATH_MAX];
	struct dirent *ent;
	DIR *d;

	if (pmus_all_scanned)
		goto out;
	if (path__format(dir, sizeof(dir), "%s/" PMU_DEVICES,
			 pmu__sysfs_root())) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	d = opendir(dir);
	if (!d)
		return NULL;
	while ((ent = readdir(d))) {
		struct perf_pmu *pmu;

		if (ent->d_name[0] == '.' || pmu__cached(ent->d_name))
			continue;
		pmu = pmu__read(ent->d_name);
		if (!pmu) {
			if (errno == ENOMEM) {
				closedir(d);
				return NULL;
			}
			continue;
		}
		pmu__insert(pmu);
	}
	closedir(d);
	pmus_all_scanned = true;
out:
	if (!pmus)
		errno = ENOENT;
	return pmus;
}

const struct perf_pmu_format *perf_pmu__find_format(const struct perf_pmu *pmu,
						    const char *name)
{
	for (int i = 0; i < pmu->nr_formats; i++) {
		if (!strcmp(pmu->formats[i].name, name))
			return &pmu->formats[i];
	}
	return NULL;
}

const struct perf_pmu_alias *perf_pmu__find_alias(const struct perf_pmu *pmu,
						  const char *name)
{
	for (int i = 0; i < pmu->nr_aliases; i++) {
		if (!strcasecmp(pmu->aliases[i].name, name))
			return &pmu->aliases[i];
	}
	return NULL;
}
