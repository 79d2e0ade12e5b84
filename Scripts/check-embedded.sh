#!/usr/bin/env bash
# The JSON engine (ModelKitJSON) where `Int` has 32 bits, with the Embedded
# Swift standard libraries the toolchain ships:
#
# 1. It compiles for armv7-none-none-eabi, i686-unknown-none-elf and
#    wasm32-unknown-none-wasm; any error fails the check.
# 2. Tests/Embedded/EngineTranscript.swift, compiled with the engine for
#    i686 (32-bit `Int`) and for the host (64-bit), writes what the engine
#    makes of every JSONTestSuite file, the corpus and a set of numbers at
#    the 32-bit limits, and what the model layer's calendar arithmetic
#    (Sources/ModelKit/Conversion/UnixTimeText.swift, which needs no
#    Foundation) makes of dates past 2038; the two transcripts must be identical. The i686
#    program links against the distribution's 32-bit C library
#    (gcc-multilib), which this script installs when it is missing.
#
# Usage: Scripts/check-embedded.sh   (MODELKIT_DATA as for the tests)
set -euo pipefail
cd "$(dirname "$0")/.."

data="${MODELKIT_DATA:-$(cd .. && pwd)/shared/data}"
if [[ ! -d "$data/JSONTestSuite/test_parsing" ]]; then
  echo "embedded: shared data not found at $data (set MODELKIT_DATA)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sources=(Sources/ModelKitJSON/*/*.swift)
transcribed=("${sources[@]}" Sources/ModelKit/Conversion/UnixTimeText.swift Tests/Embedded/EngineTranscript.swift)
embedded=(-enable-experimental-feature Embedded -wmo -parse-as-library -package-name modelkit -module-name ModelKitJSON)

for target in armv7-none-none-eabi i686-unknown-none-elf wasm32-unknown-none-wasm; do
  echo "embedded: ModelKitJSON for $target"
  if ! swiftc "${embedded[@]}" -target "$target" -c "${sources[@]}" -o "$work/$target.o" 2>"$work/$target.log"; then
    grep -E 'error' "$work/$target.log" >&2 || cat "$work/$target.log" >&2
    echo "embedded: ModelKitJSON does not compile for $target" >&2
    exit 1
  fi
done

if ! echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$work/probe" 2>/dev/null; then
  echo "embedded: installing gcc-multilib for 32-bit programs"
  export DEBIAN_FRONTEND=noninteractive
  sudo=""
  if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends gcc-multilib >/dev/null
fi

echo "embedded: the engine's transcript on i686 (32-bit Int) against the host's"
# Embedded Swift warns that untyped `rethrows` is not available there; the
# engine's two `rethrows` helpers are only called with closures that do not throw.
swiftc "${embedded[@]}" -target i686-unknown-none-elf -O -Xfrontend -disable-stack-protector \
  -c "${transcribed[@]}" -o "$work/engine32.o" 2>"$work/engine32.log" \
  || { cat "$work/engine32.log" >&2; exit 1; }
gcc -m32 -DMODELKIT_EMBEDDED -c Tests/Embedded/main.c -o "$work/main32.o"
gcc -m32 "$work/main32.o" "$work/engine32.o" \
  "$(dirname "$(command -v swiftc)")/../lib/swift/embedded/i686-unknown-none-elf/libswiftUnicodeDataTables.a" \
  -lm -o "$work/transcript32"
gcc -c Tests/Embedded/main.c -o "$work/main64.o"
swiftc -O -wmo -parse-as-library -package-name modelkit -module-name ModelKitJSON \
  "${transcribed[@]}" "$work/main64.o" -lm -o "$work/transcript64"

inputs=(dates "$data"/JSONTestSuite/test_parsing/*.json "$data"/JSONTestSuite/test_transform/*.json
  "$data"/json-corpus/*.json "$data"/yymodel-benchmark/*.json
  'text:[2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 4294967296, 9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616]'
  'text:[1e2147483647, 1e2147483648, 1e-2147483648, 1e-2147483649, 1e4294967296, 1e999999999999999999999, 1e-999999999999999999999]'
  'text:[0.000000000000000000000000000001e2147483678, 12345678901234567890e-2147483648, 10000000000000000000000e-3, 1.0e2, 1E+2, -0.0, 0e9999999999]'
  'text:{"a": [1, {"b": [2, 3.5e-7]}, "\u00e9\ud83d\ude00"], "c": true, "d": null}')
for bits in 32 64; do
  if ! "$work/transcript$bits" "${inputs[@]}" >"$work/$bits.txt"; then
    tail -n 3 "$work/$bits.txt" >&2
    echo "embedded: the $bits-bit transcript stopped (a trap?) after the text named above" >&2
    exit 1
  fi
done
if ! diff -u "$work/64.txt" "$work/32.txt" >"$work/diff.txt"; then
  head -n 60 "$work/diff.txt" >&2
  echo "embedded: the engine reads differently where Int has 32 bits" >&2
  exit 1
fi
echo "embedded: $(grep -c '^== ' "$work/32.txt") texts read alike with 32-bit and 64-bit Int"
