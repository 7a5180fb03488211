// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data in pipe mode: the stream header, the HEADER_ATTR records
 * that stand in for a file's attrs section, and the reader that takes a
 * stream's records one at a time from a pipe or from memory (see
 * perf-data-pipe.h).  Pure byte work, like perf-data.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "perf-data-pipe.h"

/* A record's size is a u16: no record is longer. */
#define PERF_DATA_MAX_RECORD 65536
/* More ids than any event of a real run has (CPUs x threads). */
#define PERF_DATA_MAX_IDS (1 << 22)

void perf_data__put_pipe_header(struct perf_data_buf *b)
{
	perf_data_buf__put_u64(b, PERF_DATA_MAGIC);
	perf_data_buf__put_u64(b, PERF_DATA_PIPE_HEADER_SIZE);
}

void perf_data__put_header_attr(struct perf_data_buf *b,
				const struct perf_event_attr *attr,
				const __u64 *ids, int nr)
{
	struct perf_event_header h = {
		.type = PERF_RECORD_HEADER_ATTR,
		.size = (__u16)(sizeof(h) + sizeof(*attr) +
				(size_t)nr * sizeof(__u64)),
	};
	struct perf_event_attr a = *attr;

	a.size = sizeof(a);
	perf_data_buf__put(b, &h, sizeof(h));
	perf_data_buf__put(b, &a, sizeof(a));
	perf_data_buf__put(b, ids, (size_t)nr * sizeof(__u64));
}

int perf_data__parse_header_attr(const void *body, size_t len,
				 struct perf_data_attr *a)
{
	const unsigned char *p = body;
	__u32 size;

	memset(a, 0, sizeof(*a));
	if (len < PERF_ATTR_SIZE_VER0)
		return -EINVAL;
	size = perf_data__u32(p + offsetof(struct perf_event_attr, size));
	/* perf writes size 0 for the first attr layout */
	if (!size)
		size = PERF_ATTR_SIZE_VER0;
	if (size < PERF_ATTR_SIZE_VER0 || size > len ||
	    (len - size) % sizeof(__u64) ||
	    (len - size) / sizeof(__u64) > PERF_DATA_MAX_IDS)
		return -EINVAL;
	memcpy(&a->attr, p, size < sizeof(a->attr) ? size : sizeof(a->attr));
	a->nr_ids = (__u32)((len - size) / sizeof(__u64));
	a->ids = calloc(a->nr_ids ? a->nr_ids : 1, sizeof(__u64));
	if (!a->ids)
		return -ENOMEM;
	memcpy(a->ids, p + size, (size_t)a->nr_ids * sizeof(__u64));
	return 0;
}

bool perf_data__is_pipe_header(const void *buf, size_t size)
{
	return size >= PERF_DATA_PIPE_HEADER_SIZE &&
	       perf_data__u64(buf) == PERF_DATA_MAGIC &&
	       perf_data__u64((const char *)buf + 8) ==
		       PERF_DATA_PIPE_HEADER_SIZE;
}

/* read() that retries on EINTR: bytes read, 0 at the end, or -errno. */
static ssize_t perf_data__read_some(int fd, void *buf, size_t n)
{
	ssize_t ret;

	do
		ret = read(fd, buf, n);
	while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : ret;
}

int perf_data__read_all(int fd, const void *prefix, size_t prefix_len,
			struct perf_data_buf *b)
{
	memset(b, 0, sizeof(*b));
	perf_data_buf__put(b, prefix, prefix_len);
	for (;;) {
		ssize_t n;

		/* room for 64 KiB more, then read into it */
		perf_data_buf__put(b, NULL, PERF_DATA_MAX_RECORD);
		if (b->err) {
			int err = b->err;

			perf_data_buf__exit(b);
			return err;
		}
		b->len -= PERF_DATA_MAX_RECORD;
		n = perf_data__read_some(fd, b->p + b->len,
					 PERF_DATA_MAX_RECORD);
		if (n < 0) {
			perf_data_buf__exit(b);
			return (int)n;
		}
		if (!n)
			return 0;
		b->len += n;
	}
}

static int perf_data_stream__alloc(struct perf_data_stream *s, int fd,
				   const char *name)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	s->name = name;
	s->rec = malloc(PERF_DATA_MAX_RECORD);
	return s->rec ? 0 : -ENOMEM;
}

int perf_data_stream__init_fd(struct perf_data_stream *s, int fd,
			      const char *name)
{
	return perf_data_stream__alloc(s, fd, name);
}

int perf_data_stream__init_mem(struct perf_data_stream *s, const void *buf,
			       size_t size, const char *name)
{
	int ret = perf_data_stream__alloc(s, -1, name);

	if (ret)
		return ret;
	s->mem = malloc(size ? size : 1);
	if (!s->mem)
		return -ENOMEM;
	memcpy(s->mem, buf, size);
	s->mem_len = size;
	s->mem_off = PERF_DATA_PIPE_HEADER_SIZE;
	return 0;
}

/*
 * Up to n bytes of the stream into buf (NULL: skip them).  Returns the
 * number of bytes, short only at the end of the stream, or -errno.
 */
static ssize_t perf_data_stream__take(struct perf_data_stream *s, void *buf,
				      size_t n)
{
	size_t got = 0;

	if (s->fd < 0) {
		got = s->mem_len - s->mem_off < n ? s->mem_len - s->mem_off : n;
		if (buf)
			memcpy(buf, s->mem + s->mem_off, got);
		s->mem_off += got;
		return (ssize_t)got;
	}
	while (got < n) {
		unsigned char skip[4096];
		size_t want = n - got;
		ssize_t r;

		if (!buf && want > sizeof(skip))
			want = sizeof(skip);
		r = perf_data__read_some(
			s->fd, buf ? (void *)((char *)buf + got) : (void *)skip,
			want);
		if (r < 0)
			return r;
		if (!r)
			break;
		got += r;
	}
	return (ssize_t)got;
}

static int perf_data_stream__cut(struct perf_data_stream *s,
				 struct perf_error *err, const char *why)
{
	return perf_error__set(err, -EINVAL,
			       "%s: corrupted perf.data stream: %s", s->name,
			       why);
}

/* Bytes that follow a record outside its size, as perf writes them. */
static __u64 perf_data_stream__payload(const struct perf_event_header *h,
				       const unsigned char *body)
{
	size_t len = h->size - sizeof(*h);

	if (h->type == PERF_RECORD_HEADER_TRACING_DATA && len >= 4)
		return perf_data__u32(body);
	if (h->type == PERF_RECORD_AUXTRACE && len >= 8)
		return perf_data__u64(body);
	return 0;
}

int perf_data_stream__next(struct perf_data_stream *s,
			   struct perf_event_header *h, const void **body,
			   struct perf_error *err)
{
	ssize_t n = perf_data_stream__take(s, s->rec, sizeof(*h));
	__u64 payload;

	if (n < 0)
		goto read_error;
	if (n == 0)
		return 0;
	if ((size_t)n < sizeof(*h))
		return perf_data_stream__cut(s, err, "a record is cut short");
	memcpy(h, s->rec, sizeof(*h));
	if (h->size < sizeof(*h))
		return perf_data_stream__cut(s, err, "a record has a bad size");
	n = perf_data_stream__take(s, s->rec + sizeof(*h),
				   h->size - sizeof(*h));
	if (n < 0)
		goto read_error;
	if ((size_t)n < h->size - sizeof(*h))
		return perf_data_stream__cut(s, err, "a record is cut short");
	*body = s->rec + sizeof(*h);
	payload = perf_data_stream__payload(h, *body);
	while (payload) {
		size_t chunk = payload > (1 << 20) ? (1 << 20) : payload;

		n = perf_data_stream__take(s, NULL, chunk);
		if (n < 0)
			goto read_error;
		if ((size_t)n < chunk)
			return perf_data_stream__cut(
				s, err, "a record's payload is cut short");
		payload -= chunk;
	}
	return 1;

read_error:
	return perf_error__set(err, (int)n, "cannot read '%s': %s", s->name,
			       strerror((int)-n));
}

void perf_data_stream__exit(struct perf_data_stream *s)
{
	free(s->mem);
	free(s->rec);
	memset(s, 0, sizeof(*s));
	s->fd = -1;
}
