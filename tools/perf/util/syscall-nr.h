/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_SYSCALL_NR_H
#define PERF_SYSCALL_NR_H

/*
 * The number of the syscall called name ("execve") on the machine perf
 * was built for, from its <asm/unistd.h> (as perf's own syscall table
 * comes from the kernel's): -1 if it has none of that name.
 */
int syscall__nr(const char *name);

#endif /* PERF_SYSCALL_NR_H */
