// SPDX-License-Identifier: GPL-2.0
/*
 * bperf_btf__has_tracepoint(): on BTF files written here (a string
 * section with and without the name, a name only as a prefix or a
 * suffix of another, a cut file, not BTF), and on the running kernel's
 * BTF against libbpf's parse of it.
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

#include <bpf/btf.h>
#include <linux/btf.h>

#include "util/bperf-priv.h"

#define VMLINUX "/sys/kernel/btf/vmlinux"

/*
 * A BTF file in a new temporary path: a header, 8 bytes of types (never
 * read) and the string section strs (len bytes), cut to keep bytes if
 * keep is not 0.  Returns the path, to unlink.
 */
static char *btf_file(const char *strs, size_t len, __u16 magic, size_t keep)
{
	static const char types[8];
	struct btf_header hdr = {
		.magic = magic,
		.version = BTF_VERSION,
		.hdr_len = sizeof(hdr),
		.type_off = 0,
		.type_len = sizeof(types),
		.str_off = sizeof(types),
		.str_len = len,
	};
	char *path = strdup("/tmp/test-bperf-btf.XXXXXX"), buf[256];
	size_t size = 0;
	int fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	memcpy(buf, &hdr, sizeof(hdr));
	size += sizeof(hdr);
	memcpy(buf + size, types, sizeof(types));
	size += sizeof(types);
	assert_true(size + len <= sizeof(buf));
	memcpy(buf + size, strs, len);
	size += len;
	if (keep)
		size = keep;
	assert_int_equal(write(fd, buf, size), (ssize_t)size);
	close(fd);
	return path;
}

/* Strings as BTF has them: "" first, each one NUL-terminated. */
static const char strs[] = "\0int\0btf_trace_sched_switch\0"
			   "btf_trace_page_fault_user_x\0x_btf_trace_foo\0";

static void test_found(void **state)
{
	char *path = btf_file(strs, sizeof(strs) - 1, BTF_MAGIC, 0);

	(void)state;
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_switch"), 1);
	/* Only whole names: neither a prefix nor a suffix of one. */
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_swit"), 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "page_fault_user"), 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "foo"), 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "int"), 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_exit_tp"), 0);
	unlink(path);
	free(path);
}

static void test_not_btf(void **state)
{
	char *path = btf_file(strs, sizeof(strs) - 1, 0x9feb, 0);
	char name[200];

	(void)state;
	/* The other byte order, or anything else: cannot tell. */
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_switch"),
			 -EINVAL);
	unlink(path);
	free(path);
	/* Cut in the string section. */
	path = btf_file(strs, sizeof(strs) - 1, BTF_MAGIC,
			sizeof(struct btf_header) + 8 + 10);
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_switch"),
			 -EINVAL);
	unlink(path);
	free(path);
	/* A section that does not start with "" or end with a NUL. */
	path = btf_file(strs + 1, sizeof(strs) - 2, BTF_MAGIC, 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_switch"),
			 -EINVAL);
	unlink(path);
	free(path);
	path = btf_file(strs, sizeof(strs) - 2, BTF_MAGIC, 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, "sched_switch"),
			 -EINVAL);
	assert_int_equal(bperf_btf__has_tracepoint("/nonexistent/btf", "x"),
			 -ENOENT);
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	unlink(path);
	free(path);
	path = btf_file(strs, sizeof(strs) - 1, BTF_MAGIC, 0);
	assert_int_equal(bperf_btf__has_tracepoint(path, name), -ENAMETOOLONG);
	unlink(path);
	free(path);
}

/* The running kernel's BTF: the same answers as libbpf's parse of it. */
static void test_vmlinux(void **state)
{
	static const char *const names[] = {
		"sched_switch",	     "sched_exit_tp",	   "page_fault_user",
		"page_fault_kernel", "sched_process_fork", "no_such_tp",
		"sched_switc",
	};
	struct btf *btf;
	char type[64];
	size_t i;

	(void)state;
	if (access(VMLINUX, R_OK))
		skip();
	btf = btf__load_vmlinux_btf();
	assert_non_null(btf);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(type, sizeof(type), "btf_trace_%s", names[i]);
		assert_int_equal(bperf_btf__has_tracepoint(VMLINUX, names[i]),
				 btf__find_by_name_kind(btf, type,
							BTF_KIND_TYPEDEF) > 0);
	}
	/* Every kernel bperf runs on has this one. */
	assert_int_equal(bperf_btf__has_tracepoint(VMLINUX, "sched_switch"), 1);
	assert_true(bperf__kernel_has_tracepoint("sched_switch"));
	assert_false(bperf__kernel_has_tracepoint("no_such_tp"));
	btf__free(btf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found),
		cmocka_unit_test(test_not_btf),
		cmocka_unit_test(test_vmlinux),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
