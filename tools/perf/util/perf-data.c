// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data encoding and decoding: the file header, attrs, features and
 * records (see perf-data.h for the layout).  Pure byte work: no counting,
 * no printing; stat-record.c gives the stat records their meaning.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "perf-data.h"

/* Bounds that no real file comes near; larger means corrupted. */
#define PERF_DATA_MAX_ATTR_SIZE 4096
#define PERF_DATA_MAX_STRINGS 65536
#define PERF_DATA_STRING_ALIGN 64

__u16 perf_data__u16(const void *p)
{
	__u16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

__u32 perf_data__u32(const void *p)
{
	__u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

__u64 perf_data__u64(const void *p)
{
	__u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

void perf_data_buf__put(struct perf_data_buf *b, const void *src, size_t n)
{
	if (b->err || !n)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		unsigned char *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->err = -ENOMEM;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	if (src)
		memcpy(b->p + b->len, src, n);
	else
		memset(b->p + b->len, 0, n);
	b->len += n;
}

void perf_data_buf__put_u16(struct perf_data_buf *b, __u16 v)
{
	perf_data_buf__put(b, &v, sizeof(v));
}

void perf_data_buf__put_u32(struct perf_data_buf *b, __u32 v)
{
	perf_data_buf__put(b, &v, sizeof(v));
}

void perf_data_buf__put_u64(struct perf_data_buf *b, __u64 v)
{
	perf_data_buf__put(b, &v, sizeof(v));
}

void perf_data_buf__pad(struct perf_data_buf *b, size_t align)
{
	size_t rem = b->len % align;

	if (rem)
		perf_data_buf__put(b, NULL, align - rem);
}

void perf_data_buf__put_string(struct perf_data_buf *b, const char *s)
{
	size_t n = strlen(s) + 1;
	size_t len = (n + PERF_DATA_STRING_ALIGN - 1) / PERF_DATA_STRING_ALIGN *
		     PERF_DATA_STRING_ALIGN;

	perf_data_buf__put_u32(b, (__u32)len);
	perf_data_buf__put(b, s, n);
	perf_data_buf__put(b, NULL, len - n);
}

void perf_data_buf__exit(struct perf_data_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

/* Start a record; perf_data__end_record() sets its size once padded. */
static size_t perf_data__begin_record(struct perf_data_buf *b, __u32 type)
{
	struct perf_event_header h = { .type = type };
	size_t start = b->len;

	perf_data_buf__put(b, &h, sizeof(h));
	return start;
}

static void perf_data__end_record(struct perf_data_buf *b, size_t start)
{
	__u16 size;

	perf_data_buf__pad(b, sizeof(__u64));
	if (b->err)
		return;
	size = (__u16)(b->len - start);
	memcpy(b->p + start + offsetof(struct perf_event_header, size), &size,
	       sizeof(size));
}

void perf_data__put_stat(struct perf_data_buf *b, __u64 id, __u32 cpu,
			 __u32 thread, __u64 val, __u64 ena, __u64 run)
{
	struct perf_record_stat st = {
		.header = { .type = PERF_RECORD_STAT, .size = sizeof(st) },
		.id = id,
		.cpu = cpu,
		.thread = thread,
		.val = val,
		.ena = ena,
		.run = run,
	};

	perf_data_buf__put(b, &st, sizeof(st));
}

void perf_data__put_stat_round(struct perf_data_buf *b, __u64 type,
			       __u64 time_ns)
{
	size_t start = perf_data__begin_record(b, PERF_RECORD_STAT_ROUND);

	perf_data_buf__put_u64(b, type);
	perf_data_buf__put_u64(b, time_ns);
	perf_data__end_record(b, start);
}

void perf_data__put_stat_config(struct perf_data_buf *b, const __u64 *terms,
				int nr)
{
	size_t start = perf_data__begin_record(b, PERF_RECORD_STAT_CONFIG);

	perf_data_buf__put_u64(b, nr);
	perf_data_buf__put(b, terms, (size_t)nr * 2 * sizeof(__u64));
	perf_data__end_record(b, start);
}

void perf_data__put_thread_map(struct perf_data_buf *b, const int *pids,
			       const char *const *comms, int nr)
{
	size_t start = perf_data__begin_record(b, PERF_RECORD_THREAD_MAP);

	perf_data_buf__put_u64(b, nr);
	for (int i = 0; i < nr; i++) {
		char comm[16] = "";

		if (comms && comms[i])
			strncpy(comm, comms[i], sizeof(comm) - 1);
		perf_data_buf__put_u64(b, (__u64)(__s64)pids[i]);
		perf_data_buf__put(b, comm, sizeof(comm));
	}
	perf_data__end_record(b, start);
}

/* A CPU map's data: a PERF_CPU_MAP__CPUS list (-1 is 0xffff). */
static void perf_data__put_cpu_map_data(struct perf_data_buf *b,
					const int *cpus, int nr)
{
	perf_data_buf__put_u16(b, PERF_CPU_MAP__CPUS);
	perf_data_buf__put_u16(b, (__u16)nr);
	for (int i = 0; i < nr; i++)
		perf_data_buf__put_u16(b, (__u16)cpus[i]);
}

void perf_data__put_cpu_map(struct perf_data_buf *b, const int *cpus, int nr)
{
	size_t start = perf_data__begin_record(b, PERF_RECORD_CPU_MAP);

	perf_data__put_cpu_map_data(b, cpus, nr);
	perf_data__end_record(b, start);
}

/* Start an EVENT_UPDATE record; perf_data__end_event_update() ends it. */
static size_t perf_data__begin_event_update(struct perf_data_buf *b, __u64 type,
					    __u64 id)
{
	size_t start = perf_data__begin_record(b, PERF_RECORD_EVENT_UPDATE);

	perf_data_buf__put_u64(b, type);
	perf_data_buf__put_u64(b, id);
	return start;
}

/* End it at size bytes (at least what it holds), 8-byte aligned. */
static void perf_data__end_event_update(struct perf_data_buf *b, size_t start,
					size_t size)
{
	perf_data_buf__pad(b, sizeof(__u64));
	while (!b->err && b->len - start < size)
		perf_data_buf__put_u64(b, 0);
	perf_data__end_record(b, start);
}

/*
 * Unit, scale and name are as long as perf makes them: the payload after
 * the 40 bytes of its record struct (header, type, id and a 16-byte
 * union), rounded up to 8 bytes.
 */
static void perf_data__put_event_update(struct perf_data_buf *b, __u64 type,
					__u64 id, const void *payload,
					size_t len)
{
	size_t start = perf_data__begin_event_update(b, type, id);

	perf_data_buf__put(b, payload, len);
	perf_data__end_event_update(b, start, 40 + len);
}

void perf_data__put_event_unit(struct perf_data_buf *b, __u64 id,
			       const char *unit)
{
	perf_data__put_event_update(b, PERF_EVENT_UPDATE__UNIT, id, unit,
				    strlen(unit) + 1);
}

void perf_data__put_event_scale(struct perf_data_buf *b, __u64 id, double scale)
{
	perf_data__put_event_update(b, PERF_EVENT_UPDATE__SCALE, id, &scale,
				    sizeof(scale));
}

void perf_data__put_event_name(struct perf_data_buf *b, __u64 id,
			       const char *name)
{
	perf_data__put_event_update(b, PERF_EVENT_UPDATE__NAME, id, name,
				    strlen(name) + 1);
}

void perf_data__put_event_cpus(struct perf_data_buf *b, __u64 id,
			       const int *cpus, int nr)
{
	size_t start =
		perf_data__begin_event_update(b, PERF_EVENT_UPDATE__CPUS, id);

	perf_data__put_cpu_map_data(b, cpus, nr);
	perf_data__end_event_update(b, start, 0);
}

/* Decoding */

/* Append cpu (-1: any) to cpus: 0, or -EINVAL when it cannot be one. */
static int perf_data__add_cpu(int *cpus, int *nr, int max, int cpu)
{
	if (*nr >= max || (cpu != -1 && (cpu < 0 || cpu >= max)))
		return -EINVAL;
	cpus[(*nr)++] = cpu;
	return 0;
}

/* PERF_CPU_MAP__MASK: u16 type, u16 nr words, u16 word size, words. */
static int perf_data__decode_cpu_mask(const unsigned char *p, size_t len,
				      int *cpus, int max, int *nr)
{
	__u16 n = perf_data__u16(p + 2), word = perf_data__u16(p + 4);
	size_t start = word == 8 ? 10 : 6;
	int ret = 0;

	if ((word != 4 && word != 8) || !n || start + (size_t)n * word > len ||
	    (size_t)n * word * 8 > (size_t)max)
		return -EINVAL;
	for (int bit = 0; !ret && bit < n * word * 8; bit++) {
		if (p[start + bit / 8] >> (bit % 8) & 1)
			ret = perf_data__add_cpu(cpus, nr, max, bit);
	}
	return ret;
}

int perf_data__decode_cpu_map(const void *data, size_t len, int *cpus, int max)
{
	const unsigned char *p = data;
	__u16 type = len >= 2 ? perf_data__u16(p) : 0xffff;
	int nr = 0, ret = -EINVAL;

	if (type == PERF_CPU_MAP__CPUS && len >= 4) {
		__u16 n = perf_data__u16(p + 2);

		ret = n && 4 + 2 * (size_t)n <= len ? 0 : -EINVAL;
		for (__u16 i = 0; !ret && i < n; i++) {
			__u16 cpu = perf_data__u16(p + 4 + 2 * i);

			ret = perf_data__add_cpu(cpus, &nr, max,
						 cpu == 0xffff ? -1 : cpu);
		}
	} else if (type == PERF_CPU_MAP__RANGE && len >= 8) {
		int first = perf_data__u16(p + 4), last = perf_data__u16(p + 6);

		ret = first <= last && last < max ? 0 : -EINVAL;
		if (!ret && p[2])
			ret = perf_data__add_cpu(cpus, &nr, max, -1);
		for (int cpu = first; !ret && cpu <= last; cpu++)
			ret = perf_data__add_cpu(cpus, &nr, max, cpu);
	} else if (type == PERF_CPU_MAP__MASK && len >= 6) {
		ret = perf_data__decode_cpu_mask(p, len, cpus, max, &nr);
	}
	return ret ? ret : nr ? nr : -EINVAL;
}

bool perf_data__has_feat(const struct perf_data *pd, int feat)
{
	if (feat < 0 || feat >= PERF_FEAT_BITS)
		return false;
	return pd->header.adds_features[feat / 64] >> (feat % 64) & 1;
}

/* Does [offset, offset + size) lie inside the file? */
static bool perf_data__inside(const struct perf_data *pd, __u64 offset,
			      __u64 size)
{
	return offset <= pd->size && size <= pd->size - offset;
}

static int perf_data__corrupt(struct perf_error *err, const char *name,
			      const char *why)
{
	return perf_error__set(err, -EINVAL, "%s: corrupted perf.data file: %s",
			       name, why);
}

/* A reader over one section: every read is checked against its end. */
struct perf_data_cursor {
	const unsigned char *p, *end;
	bool short_read;
};

static const void *cursor__take(struct perf_data_cursor *c, size_t n)
{
	const void *p = c->p;

	if (c->short_read || (size_t)(c->end - c->p) < n) {
		c->short_read = true;
		return NULL;
	}
	c->p += n;
	return p;
}

static __u32 cursor__u32(struct perf_data_cursor *c)
{
	const void *p = cursor__take(c, sizeof(__u32));

	return p ? perf_data__u32(p) : 0;
}

/* A header string, NUL-terminated inside its length; NULL if not. */
static char *cursor__string(struct perf_data_cursor *c)
{
	__u32 len = cursor__u32(c);
	const char *s = cursor__take(c, len);

	if (!s || !len || !memchr(s, '\0', len)) {
		c->short_read = true;
		return NULL;
	}
	return strdup(s);
}

static int perf_data__read_attrs(struct perf_data *pd, const char *name,
				 struct perf_error *err)
{
	const struct perf_file_header *h = &pd->header;
	size_t attr_len;
	__u64 nr;

	if (h->attr_size <
		    PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section) ||
	    h->attr_size > PERF_DATA_MAX_ATTR_SIZE)
		return perf_data__corrupt(err, name, "bad attr size");
	if (!perf_data__inside(pd, h->attrs.offset, h->attrs.size) ||
	    h->attrs.size % h->attr_size)
		return perf_data__corrupt(err, name, "bad attrs section");
	nr = h->attrs.size / h->attr_size;
	attr_len = h->attr_size - sizeof(struct perf_file_section);
	pd->attrs = calloc(nr ? nr : 1, sizeof(*pd->attrs));
	if (!pd->attrs)
		return perf_error__set(err, -ENOMEM, "%s: %s", name,
				       strerror(ENOMEM));
	pd->nr_attrs = (int)nr;
	for (__u64 i = 0; i < nr; i++) {
		const unsigned char *entry =
			pd->buf + h->attrs.offset + i * h->attr_size;
		struct perf_data_attr *a = &pd->attrs[i];
		struct perf_file_section ids;

		memcpy(&a->attr, entry,
		       attr_len < sizeof(a->attr) ? attr_len : sizeof(a->attr));
		memcpy(&ids, entry + attr_len, sizeof(ids));
		if (!perf_data__inside(pd, ids.offset, ids.size) ||
		    ids.size % sizeof(__u64))
			return perf_data__corrupt(err, name, "bad ids section");
		a->nr_ids = (__u32)(ids.size / sizeof(__u64));
		a->ids = calloc(a->nr_ids ? a->nr_ids : 1, sizeof(__u64));
		if (!a->ids)
			return perf_error__set(err, -ENOMEM, "%s: %s", name,
					       strerror(ENOMEM));
		memcpy(a->ids, pd->buf + ids.offset, ids.size);
	}
	return 0;
}

static int perf_data__read_cmdline(struct perf_data *pd,
				   struct perf_data_cursor *c)
{
	__u32 nr = cursor__u32(c);

	if (c->short_read || nr > PERF_DATA_MAX_STRINGS)
		return -EINVAL;
	pd->cmdline = calloc(nr + 1, sizeof(char *));
	if (!pd->cmdline)
		return -ENOMEM;
	for (__u32 i = 0; i < nr; i++) {
		pd->cmdline[i] = cursor__string(c);
		if (!pd->cmdline[i])
			return c->short_read ? -EINVAL : -ENOMEM;
		pd->nr_cmdline++;
	}
	return 0;
}

/* Names by id: perf gives each described event the name it printed. */
static int perf_data__read_event_desc(struct perf_data *pd,
				      struct perf_data_cursor *c)
{
	__u32 nr = cursor__u32(c), size = cursor__u32(c);

	if (c->short_read || size < PERF_ATTR_SIZE_VER0 ||
	    size > PERF_DATA_MAX_ATTR_SIZE || nr > PERF_DATA_MAX_STRINGS)
		return -EINVAL;
	for (__u32 i = 0; i < nr; i++) {
		const void *ids;
		__u32 nr_ids;
		char *name;

		cursor__take(c, size);
		nr_ids = cursor__u32(c);
		name = cursor__string(c);
		if (!name)
			return c->short_read ? -EINVAL : -ENOMEM;
		ids = nr_ids <= PERF_DATA_MAX_STRINGS ?
			      cursor__take(c, (size_t)nr_ids * sizeof(__u64)) :
			      NULL;
		if (!ids) {
			free(name);
			return -EINVAL;
		}
		for (int a = 0; a < pd->nr_attrs; a++) {
			struct perf_data_attr *attr = &pd->attrs[a];
			bool match =
				nr_ids ? attr->nr_ids &&
						 attr->ids[0] ==
							 perf_data__u64(ids) :
					 (__u32)a == i;

			if (match && !attr->name) {
				attr->name = name;
				name = NULL;
				break;
			}
		}
		free(name);
	}
	return 0;
}

static int perf_data__read_features(struct perf_data *pd, const char *name,
				    struct perf_error *err)
{
	const struct perf_file_header *h = &pd->header;
	__u64 table = h->data.offset + h->data.size;
	int idx = 0;

	for (int feat = 0; feat < PERF_FEAT_BITS; feat++) {
		struct perf_file_section sec;
		struct perf_data_cursor c;
		int ret = 0;

		if (!perf_data__has_feat(pd, feat))
			continue;
		if (!perf_data__inside(pd, table + idx * sizeof(sec),
				       sizeof(sec)))
			return perf_data__corrupt(
				err, name, "the feature table is cut short");
		memcpy(&sec, pd->buf + table + idx * sizeof(sec), sizeof(sec));
		idx++;
		if (!perf_data__inside(pd, sec.offset, sec.size))
			return perf_data__corrupt(
				err, name,
				"a feature section lies past the end");
		c.p = pd->buf + sec.offset;
		c.end = c.p + sec.size;
		c.short_read = false;
		switch (feat) {
		case PERF_FEAT_CMDLINE:
			ret = perf_data__read_cmdline(pd, &c);
			break;
		case PERF_FEAT_EVENT_DESC:
			ret = perf_data__read_event_desc(pd, &c);
			break;
		case PERF_FEAT_NRCPUS:
			pd->nr_cpus_avail = cursor__u32(&c);
			pd->nr_cpus_online = cursor__u32(&c);
			ret = c.short_read ? -EINVAL : 0;
			break;
		default:
			break;
		}
		if (ret == -ENOMEM)
			return perf_error__set(err, ret, "%s: %s", name,
					       strerror(ENOMEM));
		if (ret)
			return perf_data__corrupt(err, name,
						  "a bad feature section");
	}
	return 0;
}

int perf_data__parse(struct perf_data *pd, const void *buf, size_t size,
		     const char *name, struct perf_error *err)
{
	struct perf_file_header *h = &pd->header;
	size_t hsize = offsetof(struct perf_file_header, adds_features);
	int ret;

	memset(pd, 0, sizeof(*pd));
	pd->buf = malloc(size ? size : 1);
	if (!pd->buf)
		return perf_error__set(err, -ENOMEM, "%s: %s", name,
				       strerror(ENOMEM));
	memcpy(pd->buf, buf, size);
	pd->size = size;

	if (size < sizeof(__u64) ||
	    (perf_data__u64(buf) != PERF_DATA_MAGIC &&
	     perf_data__u64(buf) != PERF_DATA_MAGIC_SWAPPED))
		return perf_error__set(
			err, -EINVAL,
			"%s: not a perf.data file (no PERFILE2 magic)", name);
	if (perf_data__u64(buf) == PERF_DATA_MAGIC_SWAPPED)
		return perf_error__set(
			err, -EPROTONOSUPPORT,
			"%s: big-endian perf.data files are not supported",
			name);
	if (size < hsize)
		return perf_data__corrupt(err, name, "the header is cut short");
	memcpy(h, buf, hsize);
	if (h->size == sizeof(*h)) {
		if (size < sizeof(*h))
			return perf_data__corrupt(err, name,
						  "the header is cut short");
		memcpy(h, buf, sizeof(*h));
	} else if (h->size != hsize) {
		return perf_data__corrupt(err, name, "bad header size");
	}
	if (!perf_data__inside(pd, h->data.offset, h->data.size))
		return perf_data__corrupt(err, name,
					  "the data section lies past the end");
	ret = perf_data__read_attrs(pd, name, err);
	if (!ret)
		ret = perf_data__read_features(pd, name, err);
	return ret;
}

void perf_data__exit(struct perf_data *pd)
{
	for (int i = 0; i < pd->nr_attrs; i++) {
		free(pd->attrs[i].ids);
		free(pd->attrs[i].name);
	}
	free(pd->attrs);
	for (int i = 0; pd->cmdline && i < pd->nr_cmdline; i++)
		free(pd->cmdline[i]);
	free(pd->cmdline);
	free(pd->buf);
	memset(pd, 0, sizeof(*pd));
}

int perf_data__for_each_record(const struct perf_data *pd,
			       perf_data_record_fn fn, void *ctx,
			       const char *name, struct perf_error *err)
{
	const unsigned char *p = pd->buf + pd->header.data.offset;
	__u64 left = pd->header.data.size;

	while (left) {
		struct perf_event_header h;
		int ret;

		if (left < sizeof(h))
			return perf_data__corrupt(err, name,
						  "a record is cut short");
		memcpy(&h, p, sizeof(h));
		if (h.size < sizeof(h) || h.size > left)
			return perf_data__corrupt(err, name,
						  "a record has a bad size");
		ret = fn(&h, p + sizeof(h), h.size - sizeof(h), ctx, err);
		if (ret)
			return ret;
		p += h.size;
		left -= h.size;
	}
	return 0;
}
