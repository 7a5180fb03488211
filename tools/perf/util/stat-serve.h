/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_STAT_SERVE_H
#define PERF_UTIL_STAT_SERVE_H

/*
 * perf stat --serve [ADDR:]PORT: the session's cumulative counts at
 * GET /metrics for Prometheus, in the OpenMetrics text format or the
 * Prometheus 0.0.4 text format (util/stat-serve.c serves them over HTTP
 * with libmicrohttpd, util/stat-serve-format.c writes them).
 *
 * The server runs in the thread of perf stat's wait loop: that loop polls
 * stat_serve__fd() and calls stat_serve__run(), which answers the clients
 * that are ready and reads the counters afresh for each scrape.
 */

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

struct evlist;
struct perf_error;
struct perf_stat_config;
struct stat_serve;

enum stat_serve_format {
	STAT_SERVE_OPENMETRICS, /* application/openmetrics-text 1.0.0 */
	STAT_SERVE_TEXT_004, /* text/plain; version=0.0.4 */
};

/*
 * Split "[ADDR:]PORT" ("9100", "0.0.0.0:9100", "[::1]:9100", ":9100")
 * into host and port.  No ADDR: host "127.0.0.1"; an empty ADDR (":9100"):
 * host "" (every address, as Go's ":9100").  0 or -EINVAL with err set.
 */
int stat_serve__split_addr(const char *arg, char *host, size_t hostlen,
			   unsigned int *port, struct perf_error *err);

/*
 * The format an Accept header asks for: text/plain (0.0.4) only when it
 * is preferred (by q) to application/openmetrics-text; OpenMetrics
 * otherwise, also without a header.
 */
enum stat_serve_format stat_serve__negotiate(const char *accept);
const char *stat_serve__content_type(enum stat_serve_format fmt);

/*
 * The exposition of evlist's counts (evsel->counts, cumulative) labelled
 * as config->aggr_mode asks.  Returns a malloc'ed string (*len bytes) or
 * NULL with errno set.
 */
char *stat_serve__render(const struct perf_stat_config *config,
			 struct evlist *evlist, enum stat_serve_format fmt,
			 size_t *len);

/*
 * Two events of one name and cgroup would be two samples of one series:
 * 0, or -EINVAL with err set.
 */
int stat_serve__check_events(const char *arg, struct evlist *evlist,
			     struct perf_error *err);

/*
 * Listen on "[ADDR:]PORT" (nothing is answered before the first
 * stat_serve__run()).  NULL with err set: a port in use, a bad address.
 */
struct stat_serve *stat_serve__new(const char *arg,
				   const struct perf_stat_config *config,
				   struct evlist *evlist,
				   struct perf_error *err);
/* The fd to poll for input, and the ms to wait at most (-1: no limit). */
int stat_serve__fd(const struct stat_serve *serve);
int stat_serve__timeout_ms(struct stat_serve *serve);
/* Answer whatever the clients sent; never blocks. */
void stat_serve__run(struct stat_serve *serve);
/* "http://127.0.0.1:9100/metrics", the address actually listened on. */
const char *stat_serve__url(const struct stat_serve *serve);
/* Close every connection and the listening socket; NULL is fine. */
void stat_serve__delete(struct stat_serve *serve);

#endif /* PERF_UTIL_STAT_SERVE_H */
