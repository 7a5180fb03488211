// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall numbers by name, for the bperf leader of a syscalls:sys_enter_*
 * event (its event hook runs on sys_enter, which passes the number).
 * syscall-names.h is generated at build time from the names of the
 * __NR_ macros of <asm/unistd.h>; their values come from that header
 * here, so that aliases (arm64's __NR3264_*) resolve as the compiler
 * resolves them.
 */
#include <string.h>
#include <asm/unistd.h>

#include "syscall-nr.h"

static const struct {
	const char *name;
	int nr;
} syscalls[] = {
#define SYSCALL(n) { #n, __NR_##n },
#include "syscall-names.h"
#undef SYSCALL
};

int syscall__nr(const char *name)
{
	for (size_t i = 0; i < sizeof(syscalls) / sizeof(syscalls[0]); i++) {
		if (!strcmp(syscalls[i].name, name))
			return syscalls[i].nr;
	}
	return -1;
}
