# SPDX-License-Identifier: GPL-2.0
#
# Builds tools/perf/perf (perf stat with plain and bperf counting), its unit
# tests and its BPF programs.  All build output goes to $(OUTPUT).
#
#   make            build tools/perf/perf
#   make test       build, then run every unit and shell test
#   make test-guests  build, then run the bperf tests inside QEMU guests
#                   booting Debian's own kernels (scripts/guests/; GUESTS=)
#   make deps       install the Debian packages the build and tests need
#   make bench      build, then run the benchmarks (bench/run.sh; not tests)
#   make install    install perf and its manual pages under $(DESTDIR)$(PREFIX)
#   make SAN=1      ASan+UBSan build (into build-san/)
#   make ARCH=arm64 cross-build perf and its unit tests for arm64 (into
#                   build-arm64/, perf at build-arm64/perf) with Debian's
#                   aarch64-linux-gnu- toolchain and arm64 -dev packages
#   make V=1        show full commands

HOST_ARCH := $(shell uname -m | sed -e 's/x86_64/x86/' -e 's/aarch64/arm64/')
ARCH ?= $(HOST_ARCH)
ifneq ($(ARCH),$(HOST_ARCH))
# A cross build: its own output folder, so the native build is untouched.
ifeq ($(ARCH),arm64)
CROSS_COMPILE ?= aarch64-linux-gnu-
else
$(error ARCH=$(ARCH): only arm64 can be cross-built here (this machine is $(HOST_ARCH)))
endif
ifeq ($(SAN),1)
$(error SAN=1 is for native builds, not ARCH=$(ARCH))
endif
CROSS := 1
OUTPUT ?= build-$(ARCH)
PERF_BIN := $(OUTPUT)/perf
else ifeq ($(SAN),1)
OUTPUT ?= build-san
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer
# The sanitizer build keeps its own binary; the tests run it.
PERF_BIN := $(OUTPUT)/perf
else
OUTPUT ?= build
SAN_FLAGS :=
PERF_BIN := tools/perf/perf
endif

ifeq ($(V),1)
Q =
msg =
else
Q = @
msg = @printf '  %-8s %s\n' "$(1)" "$(2)";
endif

# The cross compiler unless CC is given (make's built-in default is cc).
ifeq ($(origin CC),default)
CC := $(CROSS_COMPILE)gcc
endif
ifeq ($(origin AR),default)
AR := $(CROSS_COMPILE)ar
endif
CLANG ?= clang
BPFTOOL ?= bpftool
SCDOC ?= scdoc
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
MANDIR := $(PREFIX)/share/man
MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)

PERF_DIR := tools/perf
UTIL_DIR := $(PERF_DIR)/util
SKEL_DIR := $(UTIL_DIR)/bpf_skel
TEST_DIR := $(PERF_DIR)/tests
DOC_DIR := $(PERF_DIR)/Documentation

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.1)

CFLAGS ?= -O2 -g
CFLAGS += -std=gnu11 -Wall -Wextra -Werror -Wno-unused-parameter \
	  -Wno-missing-field-initializers -D_GNU_SOURCE \
	  -DPERF_VERSION='"$(VERSION)"' \
	  -I$(PERF_DIR) -I$(OUTPUT)/bpf_skel $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
LIBS := -lbpf -lelf -lz -lm
BPF_CFLAGS := -g -O2 --target=bpf -D__TARGET_ARCH_$(ARCH) -Wall -Werror \
	      -I$(SKEL_DIR) $(if $(MULTIARCH),-I/usr/include/$(MULTIARCH))

MAIN_SRCS := $(PERF_DIR)/perf.c $(wildcard $(PERF_DIR)/builtin-*.c)
UTIL_SRCS := $(wildcard $(UTIL_DIR)/*.c)
BPF_SRCS := $(wildcard $(SKEL_DIR)/*.bpf.c)
TEST_SRCS := $(wildcard $(TEST_DIR)/unit/test-*.c)
# What the unit tests share (fixtures): every other .c next to them.
TEST_FIXTURE_SRCS := $(filter-out $(TEST_SRCS),$(wildcard $(TEST_DIR)/unit/*.c))

MAIN_OBJS := $(patsubst %.c,$(OUTPUT)/%.o,$(MAIN_SRCS))
UTIL_OBJS := $(patsubst %.c,$(OUTPUT)/%.o,$(UTIL_SRCS))
BPF_OBJS := $(patsubst $(SKEL_DIR)/%.bpf.c,$(OUTPUT)/bpf_skel/%.bpf.o,$(BPF_SRCS))
SKELS := $(patsubst $(SKEL_DIR)/%.bpf.c,$(OUTPUT)/bpf_skel/%.skel.h,$(BPF_SRCS))
TESTS := $(patsubst $(TEST_DIR)/unit/%.c,$(OUTPUT)/tests/%,$(TEST_SRCS))
TEST_FIXTURE_OBJS := $(patsubst %.c,$(OUTPUT)/%.o,$(TEST_FIXTURE_SRCS))
TEST_FIXTURE_LIB := $(OUTPUT)/libperf-test-fixture.a
# Programs the shell tests run (tools/perf/tests/helpers/), not tests.
TEST_HELPERS := $(OUTPUT)/tests/fentry-probe $(OUTPUT)/tests/fentry_probe.bpf.o
MANS := $(patsubst $(DOC_DIR)/%.scd,$(OUTPUT)/man/man1/%,$(wildcard $(DOC_DIR)/*.1.scd))
UTIL_LIB := $(OUTPUT)/libperf-util.a

.DELETE_ON_ERROR:
.PHONY: all test test-guests unit-test deps clean fuzz bench install
.SECONDARY:

all: $(PERF_BIN) $(TESTS) $(TEST_HELPERS) $(MANS)

$(PERF_BIN): $(MAIN_OBJS) $(UTIL_LIB)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(MAIN_OBJS) $(UTIL_LIB) $(LIBS)

$(UTIL_LIB): $(UTIL_OBJS)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# perf help finds the pages of the build tree when perf is not installed.
$(OUTPUT)/$(PERF_DIR)/perf.o: CFLAGS += -DPERF_BUILD_MANDIR='"$(abspath $(OUTPUT))/man"'

$(OUTPUT)/man/man1/%: $(DOC_DIR)/%.scd
	$(call msg,SCDOC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(SCDOC) <$< >$@

install: $(PERF_BIN) $(MANS)
	$(call msg,INSTALL,$(DESTDIR)$(PREFIX))
	$(Q)install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	$(Q)install -m 755 $(PERF_BIN) $(DESTDIR)$(BINDIR)/perf
	$(Q)install -m 644 $(MANS) $(DESTDIR)$(MANDIR)/man1/

$(OUTPUT)/%.o: %.c
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# Only the BPF backend (bpf_counter.c, bperf-*.c) sees the generated
# skeletons.
BPERF_SRCS := $(UTIL_DIR)/bpf_counter.c $(wildcard $(UTIL_DIR)/bperf-*.c)
$(patsubst %.c,$(OUTPUT)/%.o,$(BPERF_SRCS)): $(SKELS)
$(OUTPUT)/$(PERF_DIR)/builtin-bperf.o: $(SKELS)

# Syscall numbers by name (syscall-nr.c): the names of the __NR_ macros
# of the target's <asm/unistd.h>, as the compiler sees them.
SYSCALL_NAMES := $(OUTPUT)/gen/syscall-names.h
$(SYSCALL_NAMES):
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(@D)
	$(Q)echo '#include <asm/unistd.h>' | $(CC) -dM -E -x c - | \
		sed -n 's/^#define __NR_\([a-z0-9_]*\) .*/SYSCALL(\1)/p' | \
		sort -u >$@.tmp && mv $@.tmp $@
$(OUTPUT)/$(UTIL_DIR)/syscall-nr.o: $(SYSCALL_NAMES)
$(OUTPUT)/$(UTIL_DIR)/syscall-nr.o: CFLAGS += -I$(OUTPUT)/gen

$(OUTPUT)/bpf_skel/%.bpf.o: $(SKEL_DIR)/%.bpf.c $(wildcard $(SKEL_DIR)/*.h)
	$(call msg,BPF,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUTPUT)/bpf_skel/%.skel.h: $(OUTPUT)/bpf_skel/%.bpf.o
	$(call msg,GEN-SKEL,$@)
	$(Q)$(BPFTOOL) gen skeleton $< name $(notdir $*)_bpf > $@

$(OUTPUT)/tests/%.bpf.o: $(TEST_DIR)/helpers/%.bpf.c
	$(call msg,BPF,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUTPUT)/tests/%: $(TEST_DIR)/helpers/%.c
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBS)

$(TEST_FIXTURE_LIB): $(TEST_FIXTURE_OBJS)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(OUTPUT)/tests/test-%: $(TEST_DIR)/unit/test-%.c $(TEST_FIXTURE_LIB) $(UTIL_LIB)
	$(call msg,TEST-CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -MMD -MP -o $@ $< $(TEST_FIXTURE_LIB) \
		$(UTIL_LIB) -lcmocka $(LIBS)

ifeq ($(CROSS),1)
# Cross-built binaries do not run here: the arm64 guest runs them.
unit-test test bench fuzz:
	@echo "make: ARCH=$(ARCH) builds for another machine: run its tests there" >&2
	@exit 2
else
unit-test: $(TESTS)
	$(Q)$(TEST_DIR)/run-tests.sh --unit-only $(OUTPUT)/tests

# PERF_TEST_DEPS=required: what make deps installs must be there, a test
# that misses it fails (tools/perf/tests/shell/lib.sh).
test: all
	$(Q)PERF_BIN=$(abspath $(PERF_BIN)) PERF_TEST_DEPS=required \
		$(TEST_DIR)/run-tests.sh $(OUTPUT)/tests

test-guests: all
	$(Q)scripts/guests/run.sh

bench: all
	$(Q)OUTPUT=$(OUTPUT) bench/run.sh
endif

# libFuzzer targets (tools/perf/tests/fuzz/fuzz-*.c), linked against the
# util sources built again with clang and the same sanitizers.  Each runs
# for FUZZ_TIME seconds on a copy of its seed corpus; a crash, leak or
# sanitizer report fails the target and leaves the input in $(FUZZ_DIR).
FUZZ_TIME ?= 30
FUZZ_DIR := $(OUTPUT)/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	    -fno-omit-frame-pointer
FUZZ_CFLAGS := -g -O1 -std=gnu11 -Wall -Wno-unused-parameter -D_GNU_SOURCE \
	       -DPERF_VERSION='"$(VERSION)"' -I$(PERF_DIR) -I$(OUTPUT)/bpf_skel \
	       $(FUZZ_SAN)
FUZZ_SRCS := $(wildcard $(TEST_DIR)/fuzz/fuzz-*.c)
FUZZ_BINS := $(patsubst $(TEST_DIR)/fuzz/%.c,$(FUZZ_DIR)/%,$(FUZZ_SRCS))
FUZZ_UTIL_OBJS := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(UTIL_SRCS))

$(FUZZ_DIR)/$(UTIL_DIR)/%.o: $(UTIL_DIR)/%.c
	$(call msg,FUZZ-CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(patsubst %.c,$(FUZZ_DIR)/%.o,$(BPERF_SRCS)): $(SKELS)
$(FUZZ_DIR)/$(UTIL_DIR)/syscall-nr.o: $(SYSCALL_NAMES)
$(FUZZ_DIR)/$(UTIL_DIR)/syscall-nr.o: FUZZ_CFLAGS += -I$(OUTPUT)/gen

$(FUZZ_DIR)/fuzz-%: $(TEST_DIR)/fuzz/fuzz-%.c $(FUZZ_UTIL_OBJS)
	$(call msg,FUZZ-LD,$@)
	$(Q)$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_UTIL_OBJS) $(LIBS)

ifneq ($(CROSS),1)
fuzz: $(FUZZ_BINS)
	$(Q)set -e; for bin in $(FUZZ_BINS); do \
		t=$${bin##*/fuzz-}; \
		work=$(FUZZ_DIR)/corpus/$$t; \
		dict=$(TEST_DIR)/fuzz/$$t.dict; \
		mkdir -p $$work; \
		echo "  FUZZ     $$t for $(FUZZ_TIME)s"; \
		$$bin -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 \
			-rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_DIR)/crash-$$t- \
			$$( [ -f $$dict ] && echo -dict=$$dict ) \
			$$work $(TEST_DIR)/fuzz/corpus/$$t \
			>$(FUZZ_DIR)/$$t.log 2>&1 || \
			{ tail -n 60 $(FUZZ_DIR)/$$t.log; \
			  echo "fuzz: $$t failed, input in $(FUZZ_DIR)/crash-$$t-*"; \
			  exit 1; }; \
		grep -E '^(Done|stat::number_of_executed_units)' $(FUZZ_DIR)/$$t.log | \
			sed 's/^/           /'; \
	done

endif

deps:
	$(Q)scripts/install-deps.sh

clean:
	$(call msg,CLEAN,)
	$(Q)rm -rf build build-san build-arm64 $(PERF_DIR)/perf

-include $(MAIN_OBJS:.o=.d) $(UTIL_OBJS:.o=.d) $(TESTS:=.d) \
	 $(TEST_FIXTURE_OBJS:.o=.d)
-include $(FUZZ_UTIL_OBJS:.o=.d)
