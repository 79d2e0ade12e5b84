#!/usr/bin/env bash
# The JSON Schemas ModelKit writes, checked by validators it did not write:
# installs `jsonschema` and `openapi-spec-validator` from PyPI into a
# virtual environment under .build/, has the test suite write its schema
# corpus (SchemaValidationCorpusTests), and checks with them that every
# schema is valid against its dialect's meta-schema (OpenAPI documents
# with openapi-spec-validator), that every text the encoders wrote
# validates against `.output`, and that for every generated input the
# strict and lenient decoders' verdicts are validation's against
# `.strictInput` and `.lenientInput`.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/schema-venv
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18' 'openapi-spec-validator>=0.7'

artifacts=.build/schema-artifacts
rm -rf "$artifacts"
MODELKIT_SCHEMA_ARTIFACTS="$PWD/$artifacts" swift test --filter SchemaValidationCorpusTests
"$venv/bin/python" Scripts/check_schemas.py "$artifacts"
