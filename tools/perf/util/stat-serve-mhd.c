// SPDX-License-Identifier: GPL-2.0
/*
 * libmicrohttpd through dlopen (stat-serve-mhd.h says why).  The library
 * is the ABI of its header's soname, libmicrohttpd.so.12 since 0.9.44
 * (2015); the unversioned name, which only its -dev package installs, is
 * tried after it.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "stat-serve-mhd.h"

static const char *const mhd_names[] = { "libmicrohttpd.so.12",
					 "libmicrohttpd.so" };

#define MHD_FUNC(f)                                      \
	{                                                \
		"MHD_" #f, offsetof(struct serve_mhd, f) \
	}

static const struct {
	const char *name;
	size_t off;
} mhd_funcs[] = {
	MHD_FUNC(start_daemon),
	MHD_FUNC(stop_daemon),
	MHD_FUNC(get_daemon_info),
	MHD_FUNC(get_timeout),
	MHD_FUNC(run),
	MHD_FUNC(create_response_from_buffer),
	MHD_FUNC(add_response_header),
	MHD_FUNC(queue_response),
	MHD_FUNC(destroy_response),
	MHD_FUNC(lookup_connection_value),
};

const struct serve_mhd *serve_mhd__load(const char *arg, struct perf_error *err)
{
	static struct serve_mhd mhd;
	static void *lib;
	char why[256] = "";

	if (lib)
		return &mhd;
	for (size_t i = 0; !lib && i < sizeof(mhd_names) / sizeof(*mhd_names);
	     i++) {
		lib = dlopen(mhd_names[i], RTLD_NOW | RTLD_LOCAL);
		/* The first name's error says most: the second is -dev's. */
		if (!lib && !why[0])
			snprintf(why, sizeof(why), "%s", dlerror());
	}
	if (!lib) {
		perf_error__set(
			err, -ENOENT,
			"--serve %s needs libmicrohttpd, not loaded: %s", arg,
			why);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(mhd_funcs) / sizeof(*mhd_funcs); i++) {
		void *f = dlsym(lib, mhd_funcs[i].name);

		if (!f) {
			perf_error__set(err, -ENOENT,
					"--serve %s: libmicrohttpd has no %s",
					arg, mhd_funcs[i].name);
			dlclose(lib);
			lib = NULL;
			return NULL;
		}
		*(void **)((char *)&mhd + mhd_funcs[i].off) = f;
	}
	return &mhd;
}
