#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Python module as a user installs it: a copy of the tree's sources,
# `pip install .` into a venv (with Debian's NumPy, SciPy, scikit-image,
# Dask), then pytest on python/tests (NumPy against SciPy and
# scikit-image, Dask on a LocalCluster of 2 workers).  TAP, one line per
# pytest case; skips without Debian's python3-venv, numpy or pytest.
set -u
py=/usr/bin/python3
if ! $py -c 'import venv, numpy, pytest, setuptools' 2>/dev/null; then
  echo "1..0 # SKIP python3-venv, python3-numpy, python3-pytest or python3-setuptools missing"
  exit 0
fi
work="$abs_top_builddir/tests/python.d"
rm -rf "$work"
mkdir -p "$work/src"
# A copy: pip builds in the source folder, which make distcheck keeps
# read-only.
(cd "$abs_top_srcdir" && cp -r core python setup.py setup.cfg pyproject.toml \
   "$work/src/" && mkdir -p "$work/src/docs" && cp docs/python.md "$work/src/docs/")
rm -rf "$work/src/python/tessera/"*.so "$work/src/build-python"
$py -m venv --system-site-packages "$work/venv" || exit 1
if ! "$work/venv/bin/pip" install -q --no-build-isolation --no-deps \
       "$work/src" > "$work/pip.log" 2>&1; then
  echo "1..1"
  echo "not ok 1 - pip install . into a venv"
  sed 's/^/# /' "$work/pip.log" | tail -n 20
  exit 0
fi
cd "$work" || exit 1
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
  --junitxml="$work/junit.xml" "$abs_top_srcdir/python/tests" \
  > "$work/pytest.log" 2>&1
$py - "$work/junit.xml" "$work/pytest.log" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
except (OSError, ET.ParseError):
    print("1..1\nnot ok 1 - pytest ran")
    print("".join("# " + l for l in open(sys.argv[2]).readlines()[-20:]))
    sys.exit(0)
print(f"1..{len(cases)}")
for n, case in enumerate(cases, 1):
    name = f"{case.get('classname')}::{case.get('name')}"
    if case.find("skipped") is not None:
        print(f"ok {n} - {name} # SKIP")
    elif case.find("failure") is not None or case.find("error") is not None:
        print(f"not ok {n} - {name}")
        bad = case.find("failure") if case.find("failure") is not None else case.find("error")
        for line in (bad.text or bad.get("message", "")).splitlines()[-8:]:
            print(f"# {line}")
    else:
        print(f"ok {n} - {name}")
PY
