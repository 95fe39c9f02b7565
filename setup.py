# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds tessera._core from the core's own sources, as core/Makefile.am
lists them (so a file added there is built here too), with OpenMP."""
import re
from pathlib import Path

from setuptools import Extension, setup

top = Path(__file__).resolve().parent


def core_sources():
    text = (top / "core" / "Makefile.am").read_text()
    block = re.search(r"libtessera_core_a_SOURCES\s*=(.*?)(?:\n\S|\Z)", text,
                      re.S).group(1)
    names = re.findall(r"[\w.-]+\.(?:c|cc|cpp)\b", block)
    return [f"core/{name}" for name in names]


setup(
    ext_modules=[Extension(
        "tessera._core",
        sources=["python/tessera/_core.c"] + core_sources(),
        include_dirs=["core"],
        extra_compile_args=["-fopenmp", "-O2",
                            "-ffp-contract=off"],
        extra_link_args=["-fopenmp"],
    )],
)
