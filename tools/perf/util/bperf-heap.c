// SPDX-License-Identifier: GPL-2.0
/*
 * Room for libbpf's parse of the kernel's BTF, made before a leader is
 * loaded.  libbpf reads /sys/kernel/btf/vmlinux (5.5 MB on 6.18) into
 * one buffer, copies it into another and indexes its 125,000-odd types:
 * 11 MB of fresh memory, which malloc maps and the kernel faults in 4 KB
 * at a time.  Where a page fault is dear (11 to 13 us on the AMD test
 * VM, a paravirtualized guest) that is 2,900 faults and 45 to 58 ms,
 * more than half of a new leader; the same parse in memory already
 * faulted in takes 8.5 ms.  With transparent huge pages the memory comes
 * in 2 MB faults instead: the heap grows by what the parse needs, with
 * MADV_HUGEPAGE on it, and malloc is told to serve large blocks from the
 * heap and keep what is freed, so that libbpf's buffers land there.
 * After the load both are undone and the heap trimmed.  Measured on the
 * AMD test VM (THP "madvise"): the parse alone 11 to 20 ms instead of 45
 * to 58.  Without THP, or with a malloc that ignores mallopt (the
 * sanitizers'), nothing is done and nothing changes.
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "bperf-priv.h"

#define HEAP_HUGE (2UL << 20)
/* glibc's defaults, which mallopt cannot give back as they were. */
#define HEAP_MMAP_THRESHOLD (128 * 1024)
#define HEAP_TRIM_THRESHOLD (128 * 1024)

/* Does the kernel give huge pages to a region that asks for them? */
static bool heap__thp(void)
{
	char buf[128] = "";
	FILE *f;

	f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "re");
	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strstr(buf, "[always]") || strstr(buf, "[madvise]");
}

static void heap__restore(void)
{
	mallopt(M_MMAP_THRESHOLD, HEAP_MMAP_THRESHOLD);
	mallopt(M_TRIM_THRESHOLD, HEAP_TRIM_THRESHOLD);
}

void bperf_heap__prepare(struct bperf_heap *h)
{
	uintptr_t start, huge;
	struct stat st;
	size_t size;
	char *p;

	h->on = false;
	h->filler = NULL;
	if (stat("/sys/kernel/btf/vmlinux", &st) || !heap__thp())
		return;
	/* Two copies of the BTF, and its index and libbpf's own beside. */
	size = (2 * (size_t)st.st_size + 2 * HEAP_HUGE + HEAP_HUGE - 1) &
	       ~(HEAP_HUGE - 1);
	/* mallopt says 1 where it took the value. */
	if (mallopt(M_MMAP_THRESHOLD, size + 2 * HEAP_HUGE) != 1 ||
	    mallopt(M_TRIM_THRESHOLD, 2 * size + 2 * HEAP_HUGE) != 1) {
		heap__restore();
		return;
	}
	p = malloc(size + HEAP_HUGE);
	if (!p) {
		heap__restore();
		return;
	}
	huge = ((uintptr_t)p + HEAP_HUGE - 1) & ~(HEAP_HUGE - 1);
	free(p);
	/*
	 * Freed, the block went back to the heap's top, where the next
	 * block starts at p: a filler up to the first 2 MB boundary makes
	 * the one after it start there (a glibc chunk is its size, 16
	 * aligned, and an 8-byte header), so that libbpf's buffers start
	 * on a huge page, not on 4 KB pages up to it.  Placed elsewhere by
	 * another malloc, it costs a few 4 KB faults, nothing more.
	 */
	start = (uintptr_t)p;
	if (huge - start >= 64)
		h->filler = malloc(huge - start - 8);
	if (madvise((void *)huge, size, MADV_HUGEPAGE)) {
		free(h->filler);
		h->filler = NULL;
		heap__restore();
		return;
	}
	h->on = true;
}

void bperf_heap__release(struct bperf_heap *h)
{
	if (!h->on)
		return;
	free(h->filler);
	h->filler = NULL;
	heap__restore();
	malloc_trim(0);
	h->on = false;
}
