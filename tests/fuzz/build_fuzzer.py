#!/usr/bin/env python3
"""Builds the libFuzzer targets tests/fuzz/deck_fuzzer (deck reader and model finaliser) and
tests/fuzz/uff_fuzzer (the universal-file reader) against a configured and built corot build
directory.

The deck reader and model finaliser (src/deck/*.cc), the universal-file reader
(src/io/uff_file.cc) and the harnesses are compiled with Debian's
clang, instrumented for coverage (-fsanitize=fuzzer-no-link) and checked by AddressSanitizer and
UndefinedBehaviorSanitizer; every other object of the corot library is the build directory's own
(gcc, not instrumented: the fuzzer steers by the reader's coverage only), linked statically into
the fuzzer with the library's link line. Compiling only the reader with clang keeps the build to
a few minutes on a shared two-core machine.

usage: build_fuzzer.py BUILD_DIR OUTPUT_DIR   (BUILD_DIR: a gcc build with compile_commands.json;
       OUTPUT_DIR receives deck_fuzzer and uff_fuzzer)
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

INSTRUMENTED = ("src/deck/", "src/io/uff_file.cc")
HARNESSES = ["deck_fuzzer", "uff_fuzzer"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
            "-fno-sanitize=vptr"]  # vptr: gcc-built objects carry no clang RTTI hashes
# gcc warnings clang does not know, and gcc's optimisation level
DROP = {"-Wno-literal-suffix", "-Wno-psabi", "-Wno-class-memaccess", "-Wsynth", "-Wno-placement-new",
        "-Wno-nonnull-compare", "-Wno-address", "-funroll-all-loops", "-O2", "-O3",
        "-fstack-protector-strong", "-D_FORTIFY_SOURCE=2"}


def main():
    build, output_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    clang = shutil.which("clang++")
    if clang is None:
        sys.exit("build_fuzzer.py: clang++ not found (apt-get install clang)")
    launcher = [shutil.which("ccache")] if shutil.which("ccache") else []
    objects_dir = os.path.join(output_dir, "fuzz-objects")
    os.makedirs(objects_dir, exist_ok=True)

    commands = json.load(open(os.path.join(build, "compile_commands.json")))
    objects, flags = [], None
    for entry in commands:
        arguments = shlex.split(entry["command"])
        out = arguments[arguments.index("-o") + 1]
        if "/corot.dir/" not in out and "/corot_plugins.dir/" not in out:
            continue
        if out.endswith(".gch"):  # gcc's precompiled header, no object
            continue
        relative = os.path.relpath(entry["file"], source)
        if relative.startswith(INSTRUMENTED):
            compile_flags = without_precompiled_header([a for a in arguments[1:] if a not in DROP])
            i = compile_flags.index("-o")
            del compile_flags[i:i + 2]
            i = compile_flags.index("-c")
            del compile_flags[i:i + 2]
            flags = compile_flags
            obj = os.path.join(objects_dir, relative.replace("/", "_") + ".o")
            compile_one(launcher, clang, compile_flags, entry["file"], obj)
            objects.append(obj)
        else:
            objects.append(os.path.join(entry["directory"], out))
    link = shlex.split(open(os.path.join(build, "CMakeFiles/corot.dir/link.txt")).read())
    libraries = [a for a in link if (".so" in a and "libcorot" not in a) or a.endswith(".a")
                 or a.startswith("-l") or a.startswith("-Wl,-rpath")]
    for name in HARNESSES:
        harness = os.path.join(objects_dir, name + ".o")
        compile_one(launcher, clang, flags, os.path.join(source, "tests/fuzz", name + ".cc"),
                    harness)
        output = os.path.join(output_dir, name)
        command = [clang, "-fsanitize=fuzzer", *SANITIZE, "-o", output, harness,
                   *objects, *libraries]
        subprocess.run(command, check=True)
        print(output)


def without_precompiled_header(flags):
    # gcc's precompiled header (CMakeLists.txt, corot_setup_target) is no use to clang: the
    # reader's sources are compiled with the headers they include themselves.
    kept, skip = [], False
    for flag in flags:
        if skip:
            skip = False
        elif flag == "-include":
            skip = True
        elif flag != "-Winvalid-pch":
            kept.append(flag)
    return kept


def compile_one(launcher, clang, flags, source_file, obj):
    # Every time (ccache, if installed, makes an unchanged file cheap): headers change too.
    command = [*launcher, clang, *flags, "-O1", "-gline-tables-only", "-fsanitize=fuzzer-no-link",
               *SANITIZE, "-Wno-unused-command-line-argument", "-c", source_file, "-o", obj]
    subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
