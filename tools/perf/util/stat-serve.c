// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat --serve: the HTTP side, with libmicrohttpd.
 *
 *   stat_serve__new: "[ADDR:]PORT" -> a listening socket of our own (so
 *     that a port in use is one clear error before anything counts), given
 *     to an MHD daemon without a thread of its own (MHD_USE_EPOLL)
 *   perf stat's wait loop: ppoll(stat_serve__fd()) -> stat_serve__run()
 *     -> MHD_run() -> serve__answer() for each complete request:
 *        GET/HEAD /metrics: read the counters (bperf syncs its leaders on
 *        every CPU), render them (util/stat-serve-format.c), 200
 *        another path: 404; another method: 405 with Allow
 *
 * MHD does the parsing, answers malformed requests itself (400, 431...)
 * and never blocks on a client: a slow one is served as its socket
 * allows, dropped after SERVE_CONNECTION_TIMEOUT_S of silence, and the
 * counting (kernel and BPF) goes on meanwhile.  Since everything runs in
 * one thread, a scrape reads the counters between two -I intervals,
 * never during one.  libmicrohttpd is loaded by the first server
 * (stat-serve-mhd.c), so a run without --serve never loads it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cgroup.h"
#include "counter.h"
#include "debug.h"
#include "error.h"
#include "evsel.h"
#include "stat-serve-mhd.h"
#include "stat-serve.h"
#include "stat.h"

/* Clients connected at once; more wait in the listen backlog. */
#define SERVE_CONNECTION_LIMIT 256
/* A client silent for this long is dropped. */
#define SERVE_CONNECTION_TIMEOUT_S 10
#define SERVE_BACKLOG 128

struct stat_serve {
	struct MHD_Daemon *daemon;
	int epoll_fd;
	const struct perf_stat_config *config;
	struct evlist *evlist;
	char url[INET6_ADDRSTRLEN + 32];
};

/* libmicrohttpd's functions, from the first stat_serve__new(). */
static const struct serve_mhd *mhd;

int stat_serve__split_addr(const char *arg, char *host, size_t hostlen,
			   unsigned int *port, struct perf_error *err)
{
	const char *colon, *p;
	size_t n;
	long val;
	char *end;

	if (!arg || !*arg)
		goto bad;
	if (arg[0] == '[') {
		/* [IPv6]:PORT */
		const char *close = strchr(arg, ']');

		if (!close || close[1] != ':')
			goto bad;
		n = close - arg - 1;
		if (!n || n >= hostlen)
			goto bad;
		memcpy(host, arg + 1, n);
		host[n] = '\0';
		p = close + 2;
	} else {
		colon = strrchr(arg, ':');
		if (colon) {
			n = colon - arg;
			if (n >= hostlen || memchr(arg, ':', n))
				goto bad;
			memcpy(host, arg, n);
			host[n] = '\0';
			p = colon + 1;
		} else {
			if (hostlen < sizeof("127.0.0.1"))
				goto bad;
			strcpy(host, "127.0.0.1");
			p = arg;
		}
	}
	if (*p < '0' || *p > '9')
		goto bad;
	errno = 0;
	val = strtol(p, &end, 10);
	if (errno || *end || val < 0 || val > 65535)
		goto bad;
	*port = (unsigned int)val;
	return 0;
bad:
	return perf_error__set(
		err, -EINVAL,
		"bad --serve address '%s': expected [ADDR:]PORT, e.g. 9100, 0.0.0.0:9100 or [::1]:9100",
		arg ? arg : "");
}

static enum MHD_Result serve__queue(struct MHD_Connection *conn,
				    unsigned int status, const char *type,
				    char *body, size_t len, bool must_free)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = mhd->create_response_from_buffer(
		len, body,
		must_free ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
	if (!resp) {
		if (must_free)
			free(body);
		return MHD_NO;
	}
	mhd->add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		mhd->add_response_header(resp, MHD_HTTP_HEADER_ALLOW,
					 "GET, HEAD");
	ret = mhd->queue_response(conn, status, resp);
	mhd->destroy_response(resp);
	return ret;
}

static enum MHD_Result serve__text(struct MHD_Connection *conn,
				   unsigned int status, const char *msg)
{
	return serve__queue(conn, status, "text/plain; charset=utf-8",
			    (char *)msg, strlen(msg), false);
}

/* GET /metrics: fresh counts. */
static enum MHD_Result serve__metrics(struct stat_serve *serve,
				      struct MHD_Connection *conn)
{
	const char *accept = mhd->lookup_connection_value(
		conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
	enum stat_serve_format fmt = stat_serve__negotiate(accept);
	struct perf_error err;
	size_t len;
	char *body;

	if (evlist__read_counters(serve->evlist, &err)) {
		pr_warning("--serve: %s", err.msg);
		return serve__text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR,
				   "cannot read the counters\n");
	}
	body = stat_serve__render(serve->config, serve->evlist, fmt, &len);
	if (!body)
		return serve__text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR,
				   "out of memory\n");
	return serve__queue(conn, MHD_HTTP_OK, stat_serve__content_type(fmt),
			    body, len, true);
}

static enum MHD_Result serve__answer(void *cls, struct MHD_Connection *conn,
				     const char *url, const char *method,
				     const char *version,
				     const char *upload_data,
				     size_t *upload_data_size, void **con_cls)
{
	struct stat_serve *serve = cls;
	bool get = !strcmp(method, MHD_HTTP_METHOD_GET) ||
		   !strcmp(method, MHD_HTTP_METHOD_HEAD);

	/*
	 * A request with a body comes here again for each part of it; the
	 * answer goes out on the first call and MHD drops the rest.
	 */
	if (strcmp(url, "/metrics"))
		return serve__text(conn, MHD_HTTP_NOT_FOUND,
				   "not found: the counts are at /metrics\n");
	if (!get)
		return serve__text(conn, MHD_HTTP_METHOD_NOT_ALLOWED,
				   "method not allowed: use GET\n");
	return serve__metrics(serve, conn);
}

/* A socket listening on host:port; -errno with err set. */
static int serve__listen(const char *arg, const char *host, unsigned int port,
			 struct sockaddr_storage *ss, struct perf_error *err)
{
	struct addrinfo hints = {
		.ai_family = AF_UNSPEC,
		.ai_socktype = SOCK_STREAM,
		.ai_flags = AI_PASSIVE | AI_NUMERICSERV,
	};
	struct addrinfo *res = NULL;
	char service[8];
	socklen_t len;
	int fd, one = 1, ret;

	snprintf(service, sizeof(service), "%u", port);
	ret = getaddrinfo(*host ? host : NULL, service, &hints, &res);
	if (ret)
		return perf_error__set(err, -EINVAL,
				       "--serve %s: cannot resolve '%s': %s",
				       arg, host, gai_strerror(ret));
	/* No ADDR at all (":PORT"): every IPv4 and IPv6 address. */
	if (!*host && res->ai_family != AF_INET6 && res->ai_next &&
	    res->ai_next->ai_family == AF_INET6) {
		struct addrinfo *v6 = res->ai_next;

		res->ai_next = NULL;
		freeaddrinfo(res);
		res = v6;
	}
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		    0);
	if (fd < 0) {
		ret = -errno;
		freeaddrinfo(res);
		return perf_error__set(err, ret, "--serve %s: socket: %s", arg,
				       strerror(-ret));
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (res->ai_family == AF_INET6 && !*host) {
		int zero = 0;

		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
	}
	if (bind(fd, res->ai_addr, res->ai_addrlen) ||
	    listen(fd, SERVE_BACKLOG)) {
		ret = -errno;
		close(fd);
		freeaddrinfo(res);
		perf_error__set(err, ret, "--serve %s: cannot listen: %s", arg,
				strerror(-ret));
		if (ret == -EADDRINUSE)
			perf_error__hint(
				err,
				"another program listens on port %u: choose another one",
				port);
		return ret;
	}
	freeaddrinfo(res);
	len = sizeof(*ss);
	if (getsockname(fd, (struct sockaddr *)ss, &len)) {
		ret = -errno;
		close(fd);
		return perf_error__set(err, ret, "--serve %s: %s", arg,
				       strerror(-ret));
	}
	return fd;
}

static void serve__set_url(struct stat_serve *serve,
			   const struct sockaddr_storage *ss)
{
	char addr[INET6_ADDRSTRLEN] = "?";

	if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const void *)ss;

		inet_ntop(AF_INET6, &in6->sin6_addr, addr, sizeof(addr));
		snprintf(serve->url, sizeof(serve->url),
			 "http://[%s]:%u/metrics", addr, ntohs(in6->sin6_port));
	} else {
		const struct sockaddr_in *in = (const void *)ss;

		inet_ntop(AF_INET, &in->sin_addr, addr, sizeof(addr));
		snprintf(serve->url, sizeof(serve->url), "http://%s:%u/metrics",
			 addr, ntohs(in->sin_port));
	}
}

static const char *serve__cgroup_name(const struct evsel *evsel)
{
	return evsel->cgrp ? evsel->cgrp->name : "";
}

static int serve__cmp_series(const void *a, const void *b)
{
	const struct evsel *ea = *(struct evsel *const *)a;
	const struct evsel *eb = *(struct evsel *const *)b;
	int ret = strcmp(ea->name ? ea->name : "", eb->name ? eb->name : "");

	return ret ? ret :
		     strcmp(serve__cgroup_name(ea), serve__cgroup_name(eb));
}

/* Prometheus drops a scrape with a duplicate sample. */
int stat_serve__check_events(const char *arg, struct evlist *evlist,
			     struct perf_error *err)
{
	struct evsel **sorted;
	int ret = 0;

	if (evlist->nr_entries < 2)
		return 0;
	sorted = malloc(evlist->nr_entries * sizeof(*sorted));
	if (!sorted)
		return perf_error__set(err, -ENOMEM, "--serve: %s",
				       strerror(ENOMEM));
	memcpy(sorted, evlist->entries, evlist->nr_entries * sizeof(*sorted));
	qsort(sorted, evlist->nr_entries, sizeof(*sorted), serve__cmp_series);
	for (int i = 1; i < evlist->nr_entries && !ret; i++) {
		if (serve__cmp_series(&sorted[i - 1], &sorted[i]))
			continue;
		ret = perf_error__set(
			err, -EINVAL,
			"--serve %s: event '%s'%s%s is counted twice: its series would be served twice",
			arg, sorted[i]->name,
			sorted[i]->cgrp ? " in cgroup " : "",
			serve__cgroup_name(sorted[i]));
	}
	free(sorted);
	return ret;
}

struct stat_serve *stat_serve__new(const char *arg,
				   const struct perf_stat_config *config,
				   struct evlist *evlist,
				   struct perf_error *err)
{
	struct sockaddr_storage ss;
	const union MHD_DaemonInfo *info;
	struct stat_serve *serve;
	char host[256];
	unsigned int port;
	unsigned int flags = MHD_USE_EPOLL;
	int fd;

	if (stat_serve__split_addr(arg, host, sizeof(host), &port, err))
		return NULL;
	mhd = serve_mhd__load(arg, err);
	if (!mhd)
		return NULL;
	serve = calloc(1, sizeof(*serve));
	if (!serve) {
		perf_error__set(err, -ENOMEM, "--serve: %s", strerror(ENOMEM));
		return NULL;
	}
	serve->config = config;
	serve->evlist = evlist;
	fd = serve__listen(arg, host, port, &ss, err);
	if (fd < 0) {
		free(serve);
		return NULL;
	}
	serve__set_url(serve, &ss);
	if (verbose)
		flags |= MHD_USE_ERROR_LOG;
	if (ss.ss_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	serve->daemon = mhd->start_daemon(
		flags, 0, NULL, NULL, serve__answer, serve,
		MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
		(unsigned int)SERVE_CONNECTION_LIMIT,
		MHD_OPTION_CONNECTION_TIMEOUT,
		(unsigned int)SERVE_CONNECTION_TIMEOUT_S, MHD_OPTION_END);
	if (!serve->daemon) {
		close(fd);
		free(serve);
		perf_error__set(err, -EINVAL,
				"--serve %s: cannot start the HTTP server",
				arg);
		return NULL;
	}
	info = mhd->get_daemon_info(serve->daemon, MHD_DAEMON_INFO_EPOLL_FD);
	serve->epoll_fd = info ? info->epoll_fd : -1;
	if (serve->epoll_fd < 0) {
		stat_serve__delete(serve);
		perf_error__set(err, -EINVAL,
				"--serve %s: the HTTP server has no epoll fd",
				arg);
		return NULL;
	}
	return serve;
}

int stat_serve__fd(const struct stat_serve *serve)
{
	return serve->epoll_fd;
}

int stat_serve__timeout_ms(struct stat_serve *serve)
{
	MHD_UNSIGNED_LONG_LONG ms;

	if (mhd->get_timeout(serve->daemon, &ms) != MHD_YES)
		return -1;
	return ms > 60000 ? 60000 : (int)ms;
}

void stat_serve__run(struct stat_serve *serve)
{
	mhd->run(serve->daemon);
}

const char *stat_serve__url(const struct stat_serve *serve)
{
	return serve->url;
}

void stat_serve__delete(struct stat_serve *serve)
{
	if (!serve)
		return;
	/* MHD closes the listening socket it was given, and every client. */
	if (serve->daemon)
		mhd->stop_daemon(serve->daemon);
	free(serve);
}
