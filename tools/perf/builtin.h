/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_BUILTIN_H
#define PERF_BUILTIN_H

/*
 * The commands of the perf tool.  Each returns the process exit status:
 * 0 success, 1 runtime failure, 2 usage error (or the workload's status
 * for stat), having printed its own error line.
 */

int cmd_stat(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
/* perf script [-i FILE]: the readings of a perf stat record file */
int cmd_script(int argc, const char **argv);
/* perf bperf [list] [-j] [--attr-map PATH]: what bperf shares right now */
int cmd_bperf(int argc, const char **argv);

#endif /* PERF_BUILTIN_H */
