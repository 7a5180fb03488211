/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libmicrohttpd, loaded when perf stat --serve starts its server and not
 * before: linked in, it and what it pulls in (GnuTLS, nettle, p11-kit and
 * eight more) cost every perf run their loading and constructors, 8 ms of
 * a plain `perf stat -e cpu-clock -a true` of 19 ms on the AMD test VM.
 */
#ifndef __PERF_STAT_SERVE_MHD_H
#define __PERF_STAT_SERVE_MHD_H

#include <microhttpd.h>

struct perf_error;

/* The functions of libmicrohttpd that --serve calls, as its header has them. */
struct serve_mhd {
	__typeof__(MHD_start_daemon) *start_daemon;
	__typeof__(MHD_stop_daemon) *stop_daemon;
	__typeof__(MHD_get_daemon_info) *get_daemon_info;
	__typeof__(MHD_get_timeout) *get_timeout;
	__typeof__(MHD_run) *run;
	__typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
	__typeof__(MHD_add_response_header) *add_response_header;
	__typeof__(MHD_queue_response) *queue_response;
	__typeof__(MHD_destroy_response) *destroy_response;
	__typeof__(MHD_lookup_connection_value) *lookup_connection_value;
};

/*
 * libmicrohttpd's functions, the library loaded on the first call and
 * kept: NULL with err set where it is not installed or lacks one.
 */
const struct serve_mhd *serve_mhd__load(const char *arg,
					struct perf_error *err);

#endif
