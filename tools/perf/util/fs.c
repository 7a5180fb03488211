// SPDX-License-Identifier: GPL-2.0
/* Small files of the kernel's pseudo file systems (sysfs, procfs). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fs.h"

int filename__read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	int ret = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)size, f))
		ret = -EIO;
	fclose(f);
	if (!ret)
		buf[strcspn(buf, "\n")] = '\0';
	return ret;
}
