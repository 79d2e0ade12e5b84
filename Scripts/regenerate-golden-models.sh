#!/usr/bin/env bash
# Regenerates the golden files of `modelkit gen` (Tests/ModelKitGeneratedModels):
# models for the corpus documents, YYModel's benchmark inputs and every
# JSONTestSuite y_ file whose top level is an object or an array, in both
# output modes, plus the registry the round-trip tests walk. The
# regeneration test fails when a golden file and the generator disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${MODELKIT_DATA:-$(cd .. && pwd)/shared/data}"
out=Tests/ModelKitGeneratedModels
swift build -c release --product modelkit >/dev/null
gen=.build/release/modelkit
rm -rf "$out/Models" && mkdir -p "$out/Models"
registry="$out/Registry.swift"
{
  echo "// Written by Scripts/regenerate-golden-models.sh: every golden file, its sample and how it is read."
  echo ""
  echo "import Foundation"
  echo "import ModelKit"
  echo ""
  echo "extension GoldenModel {"
  echo "  static let all: [GoldenModel] = ["
} > "$registry"

# name folder file
entry() {
  local name=$1 folder=$2 file=$3
  local sample="$data/$folder/$file"
  local first
  first=$(tr -d ' \t\r\n' < "$sample" | head -c 1 || true)
  for mode in model codable; do
    local root=$name flags=()
    if [[ $mode == codable ]]; then root="${name}Codable"; flags=(--codable); fi
    "$gen" gen "$sample" --name "$root" "${flags[@]}" -o "$out/Models/$root.swift"
    local shape=object
    if [[ $first == "[" ]]; then shape=array; fi
    local read
    case "$mode/$shape" in
      model/object) read="try $root(json: \$0).jsonValue()" ;;
      model/array) read="try GoldenModel.models($root.self, \$0)" ;;
      codable/object) read="try GoldenModel.codable($root.self, \$0)" ;;
      codable/array) read="try GoldenModel.codable([$root].self, \$0)" ;;
    esac
    echo "    GoldenModel(\"$root\", \"$folder/$file\", codable: $( [[ $mode == codable ]] && echo true || echo false )) { $read }," >> "$registry"
  done
}

entry Twitter json-corpus twitter.json
entry CitmCatalog json-corpus citm_catalog.json
entry Canada json-corpus canada.json
entry GithubUser yymodel-benchmark user.json
entry WeiboStatus yymodel-benchmark weibo.json
for sample in "$data"/JSONTestSuite/test_parsing/y_*.json; do
  first=$(tr -d ' \t\r\n' < "$sample" | head -c 1 || true)
  [[ $first == "{" || $first == "[" ]] || continue
  file=$(basename "$sample")
  name=$(echo "${file%.json}" | sed -E 's/\+/ plus /g; s/[^A-Za-z0-9]+/ /g' | awk '{for (i=1;i<=NF;i++) printf toupper(substr($i,1,1)) substr($i,2)}')
  entry "$name" JSONTestSuite/test_parsing "$file"
done
{
  echo "  ]"
  echo "}"
} >> "$registry"
echo "golden models written to $out"
