// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat --control fd:CTL[,ACK] | fifo:CTL[,ACK]: another program
 * starts and stops the counting of a running session.  Each command is a
 * line on CTL; each one done is answered "ack\n" on ACK, as perf does:
 *
 *   enable [NAME]    count from now on (only the events named NAME)
 *   disable [NAME]   stop counting (the counts so far are kept)
 *   ping             only the ack
 *
 * With -D -1 the session starts disabled.  Both backends pause only this
 * session's counts: a bperf leader shared with others never stops.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin-stat.h"
#include "util/counter.h"
#include "util/debug.h"
#include "util/error.h"
#include "util/evsel.h"

#define CONTROL_ACK "ack\n"

/* "10" into an open file descriptor. */
static int control__parse_fd(const char *s, int *fd, struct perf_error *err)
{
	char *end;
	long val;

	errno = 0;
	val = strtol(s, &end, 10);
	if (!*s || *end || errno || val < 0 || val > INT_MAX)
		return perf_error__set(
			err, -EINVAL, "--control: bad file descriptor '%s'", s);
	if (fcntl((int)val, F_GETFD) < 0)
		return perf_error__set(err, -EINVAL,
				       "--control: file descriptor %ld: %s",
				       val, strerror(errno));
	*fd = (int)val;
	return 0;
}

/*
 * The control fifo is opened read-write so that it never reads end of
 * file between two writers; the ack fifo write-only, which waits for its
 * reader, as perf does.
 */
static int control__open_fifo(const char *path, int flags, int *fd,
			      struct perf_error *err)
{
	*fd = open(path, flags | O_CLOEXEC);
	if (*fd < 0)
		return perf_error__set(err, -EINVAL,
				       "--control: cannot open fifo '%s': %s",
				       path, strerror(errno));
	return 0;
}

int stat_control__open(struct stat_control *ctl, const char *arg,
		       struct perf_error *err)
{
	bool fifo = !strncmp(arg, "fifo:", 5);
	char *spec, *ack;
	int ret;

	ctl->ctl_fd = -1;
	ctl->ack_fd = -1;
	ctl->len = 0;
	if (!fifo && strncmp(arg, "fd:", 3))
		return perf_error__set(
			err, -EINVAL,
			"--control '%s': expected fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			arg);
	spec = strdup(arg + (fifo ? 5 : 3));
	if (!spec)
		return perf_error__set(err, -ENOMEM, "--control: %s",
				       strerror(ENOMEM));
	ack = strchr(spec, ',');
	if (ack)
		*ack++ = '\0';
	ctl->close_fds = fifo;
	if (fifo) {
		ret = control__open_fifo(spec, O_RDWR | O_NONBLOCK,
					 &ctl->ctl_fd, err);
		if (!ret && ack)
			ret = control__open_fifo(ack, O_WRONLY, &ctl->ack_fd,
						 err);
	} else {
		ret = control__parse_fd(spec, &ctl->ctl_fd, err);
		if (!ret && ack)
			ret = control__parse_fd(ack, &ctl->ack_fd, err);
	}
	free(spec);
	if (ret)
		stat_control__close(ctl);
	return ret;
}

void stat_control__close(struct stat_control *ctl)
{
	if (ctl->close_fds) {
		if (ctl->ctl_fd >= 0)
			close(ctl->ctl_fd);
		if (ctl->ack_fd >= 0)
			close(ctl->ack_fd);
	}
	ctl->ctl_fd = -1;
	ctl->ack_fd = -1;
}

static void control__ack(struct stat_control *ctl)
{
	ssize_t n;

	if (ctl->ack_fd < 0)
		return;
	do
		n = write(ctl->ack_fd, CONTROL_ACK, strlen(CONTROL_ACK));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		pr_debug("--control: cannot write the ack: %s",
			 strerror(errno));
}

static bool control__has_event(struct evlist *evlist, const char *name)
{
	for (int i = 0; i < evlist->nr_entries; i++)
		if (!strcmp(evlist->entries[i]->name, name))
			return true;
	return false;
}

/* One command; returns 1 if it enabled or disabled, 0, or -errno. */
static int control__command(struct stat_control *ctl, struct evlist *evlist,
			    char *cmd, struct perf_error *err)
{
	char *name = strchr(cmd, ' ');
	bool enable;
	int ret;

	if (name) {
		*name++ = '\0';
		while (*name == ' ')
			name++;
		if (!*name)
			name = NULL;
	}
	if (!strcmp(cmd, "ping") && !name) {
		control__ack(ctl);
		return 0;
	}
	if (strcmp(cmd, "enable") && strcmp(cmd, "disable")) {
		pr_debug("--control: ignored unknown command '%s'", cmd);
		return 0;
	}
	enable = !strcmp(cmd, "enable");
	if (name && !control__has_event(evlist, name)) {
		pr_warning("--control: %s: no event '%s'", cmd, name);
		control__ack(ctl);
		return 0;
	}
	ret = name ? evlist__enable_counters_named(evlist, name, enable, err) :
	      enable ? evlist__enable_counters(evlist, err) :
		       evlist__disable_counters(evlist, err);
	if (ret)
		return ret;
	if (!name)
		ctl->enabled = enable;
	if (!quiet) {
		if (name)
			fprintf(stderr, "Event %s %s\n", name,
				enable ? "enabled" : "disabled");
		else
			fprintf(stderr, "Events %s\n",
				enable ? "enabled" : "disabled");
	}
	control__ack(ctl);
	return 1;
}

int stat_control__process(struct stat_control *ctl, struct evlist *evlist,
			  struct perf_error *err)
{
	size_t start = 0;
	int changed = 0;
	ssize_t n;

	if (ctl->ctl_fd < 0)
		return 0;
	n = read(ctl->ctl_fd, ctl->buf + ctl->len,
		 sizeof(ctl->buf) - 1 - ctl->len);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -errno;
	if (n == 0) {
		/* The writer of an fd: pipe is gone: no more commands. */
		if (ctl->close_fds)
			close(ctl->ctl_fd);
		ctl->ctl_fd = -1;
	}
	ctl->len += n;
	for (size_t i = 0; i < ctl->len; i++) {
		int ret;

		if (ctl->buf[i] != '\n' && ctl->buf[i] != '\0')
			continue;
		ctl->buf[i] = '\0';
		if (i > start) {
			ret = control__command(ctl, evlist, ctl->buf + start,
					       err);
			if (ret < 0)
				return ret;
			changed |= ret;
		}
		start = i + 1;
	}
	memmove(ctl->buf, ctl->buf + start, ctl->len - start);
	ctl->len -= start;
	if (ctl->len == sizeof(ctl->buf) - 1) {
		pr_debug("--control: dropped a command longer than %zu bytes",
			 ctl->len);
		ctl->len = 0;
	}
	return changed;
}
