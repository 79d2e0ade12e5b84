#!/usr/bin/env bash
# Builds the ModelKit module's DocC documentation into .build/docs, with
# warnings as errors (a broken symbol link fails). Needs only the toolchain:
# the symbol graph from SwiftPM, then the toolchain's docc.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph >/dev/null
graphs=".build/docs-symbol-graphs"
rm -rf "$graphs" .build/docs
mkdir -p "$graphs"
cp .build/*/symbolgraph/ModelKit.symbols.json .build/*/symbolgraph/ModelKit@*.symbols.json "$graphs/"
docc convert Sources/ModelKit/ModelKit.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ModelKit --fallback-bundle-identifier modelkit \
  --output-path .build/docs --warnings-as-errors
echo "documentation written to .build/docs (open it with: docc preview Sources/ModelKit/ModelKit.docc --additional-symbol-graph-dir $graphs)"
