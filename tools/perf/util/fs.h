/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_FS_H
#define PERF_UTIL_FS_H

/* Small files of the kernel's pseudo file systems (sysfs, procfs). */

#include <stddef.h>

/*
 * The first line of the file at path into buf, without its newline.
 * 0, -EIO for an empty file, or -errno.
 */
int filename__read_line(const char *path, char *buf, size_t size);

#endif /* PERF_UTIL_FS_H */
