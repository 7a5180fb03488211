// SPDX-License-Identifier: GPL-2.0
/*
 * floor_load: load and attach a floor program of floor.bpf.o
 * (bench_floor, on sched_switch, unless PROG names another), print
 * "ready" and hold it until SIGINT or SIGTERM.
 *
 *   floor_load PATH/floor.bpf.o [PROG]
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/libbpf.h>

static volatile sig_atomic_t floor_stop;

static void floor__on_signal(int sig)
{
	(void)sig;
	floor_stop = 1;
}

int main(int argc, char **argv)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	struct bpf_link *link;
	const char *name;
	int err;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: floor_load FLOOR.bpf.o [PROG]\n");
		return 2;
	}
	name = argc == 3 ? argv[2] : "bench_floor";
	libbpf_set_strict_mode(LIBBPF_STRICT_ALL);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "floor_load: error: cannot open %s: %s\n",
			argv[1], strerror(errno));
		return 1;
	}
	err = bpf_object__load(obj);
	if (err) {
		fprintf(stderr, "floor_load: error: cannot load %s: %s\n",
			argv[1], strerror(-err));
		goto out;
	}
	prog = bpf_object__find_program_by_name(obj, name);
	if (!prog) {
		fprintf(stderr, "floor_load: error: no program %s\n", name);
		err = -ENOENT;
		goto out;
	}
	link = bpf_program__attach(prog);
	if (!link) {
		err = -errno;
		fprintf(stderr, "floor_load: error: cannot attach: %s\n",
			strerror(errno));
		goto out;
	}
	signal(SIGINT, floor__on_signal);
	signal(SIGTERM, floor__on_signal);
	printf("ready\n");
	fflush(stdout);
	while (!floor_stop)
		pause();
	bpf_link__destroy(link);
out:
	bpf_object__close(obj);
	return err ? 1 : 0;
}
