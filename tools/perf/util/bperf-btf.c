// SPDX-License-Identifier: GPL-2.0
/*
 * What the running kernel's BTF holds, asked without parsing it.  A new
 * leader asks whether the kernel has a few BTF tracepoints (sched_exit_tp,
 * page_fault_user/_kernel) to choose its hooks.  libbpf's
 * btf__load_vmlinux_btf() answers by parsing and checking every one of
 * the kernel's 100,000-odd types: 50 ms on a 2-CPU VM, on top of the same
 * parse that loading the leader makes anyway.  A BTF tracepoint NAME is
 * there when the kernel's BTF has the typedef btf_trace_NAME, and then
 * its string section holds that name: BTF strings are NUL-terminated and
 * the section starts with the empty string, so the name sits between two
 * NULs.  Reading that section (2 MB) and searching it costs 1 to 2 ms
 * where page faults are cheap.  Its buffer asks for huge pages and is
 * populated in one call: on the AMD test VM (a paravirtualized guest,
 * 11 us a page fault, THP "madvise") it read in 1.6 to 2.0 ms that way,
 * 6.7 to 7.5 ms mapped populated in 4 KB pages, 8.0 faulted in page by
 * page as malloc's would be.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include <linux/btf.h>

#include "bperf-priv.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

#define BTF_HUGE (2UL << 20)

/*
 * A buffer of len bytes on a 2 MB boundary, huge pages asked for and
 * populated where the kernel can (THP, 5.14's MADV_POPULATE_WRITE),
 * faulted in as used where not: NULL if no memory.
 */
static char *btf_strings__alloc(size_t len)
{
	size_t size = (len + BTF_HUGE - 1) & ~(BTF_HUGE - 1);
	uintptr_t start, end, base;
	char *map;

	map = mmap(NULL, size + BTF_HUGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return NULL;
	start = (uintptr_t)map;
	base = (start + BTF_HUGE - 1) & ~(BTF_HUGE - 1);
	end = start + size + BTF_HUGE;
	/* Only the aligned part stays mapped. */
	if (base > start)
		munmap(map, base - start);
	if (end > base + size)
		munmap((void *)(base + size), end - base - size);
	madvise((void *)base, size, MADV_HUGEPAGE);
	madvise((void *)base, size, MADV_POPULATE_WRITE);
	return (char *)base;
}

static void btf_strings__free(char *strs, size_t len)
{
	munmap(strs, (len + BTF_HUGE - 1) & ~(BTF_HUGE - 1));
}

/*
 * The string section of the BTF at path, read whole (free it with
 * btf_strings__free): -errno if not.
 */
static int btf_strings__read(const char *path, char **strs, size_t *len)
{
	struct btf_header hdr;
	size_t done = 0;
	ssize_t n;
	char *buf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = pread(fd, &hdr, sizeof(hdr), 0);
	/* Native byte order only: the running kernel's BTF is. */
	if (n != (ssize_t)sizeof(hdr) || hdr.magic != BTF_MAGIC ||
	    hdr.hdr_len < sizeof(hdr) || !hdr.str_len) {
		close(fd);
		return -EINVAL;
	}
	buf = btf_strings__alloc(hdr.str_len);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (done < hdr.str_len) {
		n = pread(fd, buf + done, hdr.str_len - done,
			  (off_t)hdr.hdr_len + hdr.str_off + done);
		if (n <= 0)
			break;
		done += n;
	}
	close(fd);
	/* Cut short, or not a string section: its first string is "". */
	if (done < hdr.str_len || buf[0] || buf[hdr.str_len - 1]) {
		btf_strings__free(buf, hdr.str_len);
		return -EINVAL;
	}
	*strs = buf;
	*len = hdr.str_len;
	return 0;
}

/* Is btf_trace_name one of the strings? */
static int btf_strings__has_tracepoint(const char *strs, size_t len,
				       const char *name)
{
	char needle[160];
	int n;

	n = snprintf(needle, sizeof(needle), "%cbtf_trace_%s%c", 0, name, 0);
	if (n < 0 || n >= (int)sizeof(needle))
		return -ENAMETOOLONG;
	return memmem(strs, len, needle, n) != NULL;
}

int bperf_btf__has_tracepoint(const char *path, const char *name)
{
	size_t len;
	char *strs;
	int err;

	err = btf_strings__read(path, &strs, &len);
	if (err)
		return err;
	err = btf_strings__has_tracepoint(strs, len, name);
	btf_strings__free(strs, len);
	return err;
}

bool bperf__kernel_has_tracepoint(const char *name)
{
	/* Read once in a process, for the next question. */
	static char *strs;
	static size_t len;

	if (!strs && btf_strings__read("/sys/kernel/btf/vmlinux", &strs, &len))
		return false;
	return btf_strings__has_tracepoint(strs, len, name) > 0;
}
