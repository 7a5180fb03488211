#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Copy kernel modules and what they depend on into an initramfs.

  modules.py MODULES_DIR OUT_DIR NAME...

MODULES_DIR is an unpacked kernel package's lib/modules/VERSION.  Each NAME
(and, first, every module it depends on, from the "depends=" of its
.modinfo) is written to OUT_DIR/NAME.ko, uncompressed (.ko.xz, .ko.zst
need no tool in the guest then); the load order goes to stdout, one name a
line.  Modules built into the kernel (modules.builtin) are skipped.  No
depmod needed: the package has no modules.dep until it is installed.
"""
import lzma
import os
import re
import sys


def norm(name):
    return name.replace("-", "_")


def module_paths(moddir):
    paths = {}
    for top, _, files in os.walk(os.path.join(moddir, "kernel")):
        for f in files:
            if ".ko" in f:
                paths[norm(f.split(".ko")[0])] = os.path.join(top, f)
    return paths


def builtin_modules(moddir):
    path = os.path.join(moddir, "modules.builtin")
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {norm(os.path.basename(l.strip()).split(".ko")[0]) for l in f}


def read_module(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".xz"):
        return lzma.decompress(data)
    if path.endswith(".zst"):
        sys.exit(f"modules.py: {path}: zstd modules are not supported")
    return data


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: modules.py MODULES_DIR OUT_DIR NAME...")
    moddir, out = sys.argv[1], sys.argv[2]
    paths, builtin = module_paths(moddir), builtin_modules(moddir)
    order, seen = [], set()

    def visit(name):
        if name in seen or name in builtin:
            return
        if name not in paths:
            sys.exit(f"modules.py: no module {name} in {moddir}")
        seen.add(name)
        data = read_module(paths[name])
        deps = re.search(rb"depends=([^\0]*)\0", data)
        for dep in deps.group(1).decode().split(",") if deps else []:
            if dep:
                visit(norm(dep))
        with open(os.path.join(out, name + ".ko"), "wb") as f:
            f.write(data)
        order.append(name)

    for name in sys.argv[3:]:
        visit(norm(name))
    print("\n".join(order))


if __name__ == "__main__":
    main()
