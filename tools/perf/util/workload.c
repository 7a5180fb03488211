// SPDX-License-Identifier: GPL-2.0
/*
 * The counted workload's life: fork it parked on a pipe, let it exec
 * once the counters are in place (a close-on-exec pipe tells whether the
 * exec worked), reap it, and turn its wait status into perf's exit status.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"

static void workload__close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* In the child: wait for the go byte (or EOF: give up), then exec. */
static void __attribute__((noreturn))
workload__child(int go_fd, int err_fd, const char **argv,
		const sigset_t *child_mask)
{
	static const int caught[] = { SIGCHLD, SIGINT, SIGTERM, SIGHUP };
	char byte;
	int err;

	sigprocmask(SIG_SETMASK, child_mask, NULL);
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		signal(caught[i], SIG_DFL);
	if (read(go_fd, &byte, 1) != 1)
		_exit(127);
	execvp(argv[0], (char *const *)argv);
	err = errno;
	if (write(err_fd, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

int workload__prepare(struct workload *wl, const char **argv,
		      const sigset_t *child_mask)
{
	int go[2], errp[2], err;

	memset(wl, 0, sizeof(*wl));
	wl->go_fd = wl->err_fd = -1;
	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(errp, O_CLOEXEC)) {
		err = -errno;
		close(go[0]);
		close(go[1]);
		return err;
	}
	/* Nothing buffered may be written twice, by the child too. */
	fflush(NULL);
	wl->pid = fork();
	if (wl->pid < 0) {
		err = -errno;
		wl->pid = 0;
		close(go[0]);
		close(go[1]);
		close(errp[0]);
		close(errp[1]);
		return err;
	}
	if (wl->pid == 0) {
		close(go[1]);
		close(errp[0]);
		workload__child(go[0], errp[1], argv, child_mask);
	}
	close(go[0]);
	close(errp[1]);
	wl->go_fd = go[1];
	wl->err_fd = errp[0];
	return 0;
}

int workload__start(struct workload *wl)
{
	int err = 0;
	ssize_t n;

	if (write(wl->go_fd, "", 1) != 1)
		err = -errno;
	workload__close_fd(&wl->go_fd);
	if (err)
		return err;
	do {
		n = read(wl->err_fd, &err, sizeof(err));
	} while (n < 0 && errno == EINTR);
	workload__close_fd(&wl->err_fd);
	return n == sizeof(err) ? -err : 0;
}

bool workload__reap(struct workload *wl, bool block)
{
	pid_t pid;

	if (!wl->pid || wl->exited)
		return wl->exited;
	do {
		pid = wait4(wl->pid, &wl->status, block ? 0 : WNOHANG, &wl->ru);
	} while (pid < 0 && errno == EINTR);
	if (pid == wl->pid || (pid < 0 && errno == ECHILD))
		wl->exited = true;
	return wl->exited;
}

void workload__stop(struct workload *wl)
{
	kill(wl->pid, SIGTERM);
	wl->stopped = true;
}

void workload__abandon(struct workload *wl)
{
	if (!wl->pid)
		return;
	workload__close_fd(&wl->go_fd);
	workload__close_fd(&wl->err_fd);
	workload__reap(wl, true);
}

int workload__exit_status(const struct workload *wl)
{
	if (wl->stopped)
		return 0;
	if (WIFEXITED(wl->status))
		return WEXITSTATUS(wl->status);
	if (WIFSIGNALED(wl->status))
		return 128 + WTERMSIG(wl->status);
	return 1;
}
