#!/usr/bin/env bash
# The partial reader's snapshots against a second opinion: installs
# `jiter` (a Rust JSON parser with a partial mode) from PyPI into a
# virtual environment under .build/, has the test suite write every
# prefix of its LLM-like corpus with what the reader shows for it
# (PartialJiterCorpusTests), and checks that jiter's partial mode, with
# trailing strings, shows the same wherever the two libraries' rules
# agree.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/partial-venv
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'jiter>=0.5'

artifacts=.build/partial-artifacts
rm -rf "$artifacts"
MODELKIT_PARTIAL_ARTIFACTS="$PWD/$artifacts" swift test --filter PartialJiterCorpusTests
"$venv/bin/python" Scripts/check_partial.py "$artifacts/partial-corpus.json"
