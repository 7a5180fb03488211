// SPDX-License-Identifier: GPL-2.0
/*
 * fentry-probe OBJ: does this kernel allow BPF trampolines?  Loads and
 * attaches OBJ's fentry program (fentry_probe.bpf.c), prints "attached"
 * and keeps it attached until its standard input ends, then prints how
 * often it ran; or prints "refused: <why>" and exits 3.  Any other
 * failure exits 1.  A helper of stat_bpf_trampolines, not a test.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return 0;
}

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	struct bpf_program *prog;
	struct bpf_link *link;
	struct bpf_map *bss;
	__u64 runs = 0;
	int err;
	char c;

	if (argc != 2) {
		fprintf(stderr, "usage: fentry-probe OBJ\n");
		return 1;
	}
	libbpf_set_print(quiet);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "fentry-probe: %s: %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	err = bpf_object__load(obj);
	prog = bpf_object__find_program_by_name(obj, "fentry_probe");
	link = !err && prog ? bpf_program__attach(prog) : NULL;
	if (!link) {
		printf("refused: %s\n", strerror(err ? -err : errno));
		bpf_object__close(obj);
		return 3;
	}
	printf("attached\n");
	fflush(stdout);
	while (read(0, &c, 1) > 0)
		;
	bss = bpf_object__find_map_by_name(obj, ".bss");
	if (bss)
		bpf_map_lookup_elem(bpf_map__fd(bss), &(__u32){ 0 }, &runs);
	printf("runs %llu\n", (unsigned long long)runs);
	bpf_link__destroy(link);
	bpf_object__close(obj);
	return 0;
}
