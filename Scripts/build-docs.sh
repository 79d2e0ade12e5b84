#!/usr/bin/env bash
# Builds the DocC documentation of the ModelKit and ModelKitJSON modules
# (one catalogue, Sources/ModelKit/ModelKit.docc) into .build/docs, with
# warnings as errors (a broken symbol link fails), after checking that no
# public declaration lacks its doc comment (Scripts/check-doc-comments.swift).
# Needs only the toolchain: the symbol graphs from SwiftPM, then its docc.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=".build/docs-symbol-graphs"
rm -rf "$graphs" .build/docs .build/*/symbolgraph
mkdir -p "$graphs"
# It also tries the test modules, and fails on them unless the tests were
# built; ModelKit's own graph is what matters, so check for that instead.
swift package dump-symbol-graph >/dev/null 2>&1 || true
if ! ls .build/*/symbolgraph/ModelKit.symbols.json >/dev/null 2>&1; then
  echo "build-docs: swift package dump-symbol-graph wrote no ModelKit.symbols.json" >&2
  exit 1
fi
# Every public declaration of the library's two modules has a summary, and
# its parameters, result and errors are described where it has them.
swift Scripts/check-doc-comments.swift "$(dirname .build/*/symbolgraph/ModelKit.symbols.json)" ModelKit ModelKitJSON
# Both modules of the library: ModelKit, and the JSON engine it re-exports.
cp .build/*/symbolgraph/ModelKit.symbols.json .build/*/symbolgraph/ModelKit@*.symbols.json \
  .build/*/symbolgraph/ModelKitJSON.symbols.json "$graphs/"
docc convert Sources/ModelKit/ModelKit.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ModelKit --fallback-bundle-identifier modelkit \
  --output-path .build/docs --warnings-as-errors
echo "documentation written to .build/docs (open it with: docc preview Sources/ModelKit/ModelKit.docc --additional-symbol-graph-dir $graphs)"
