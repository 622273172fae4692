#!/usr/bin/env bash
# Check the search's bench signature, as Stockfish's tests/signature.sh does:
# run `<engine> bench` and compare its `Nodes searched` with the number recorded in
# tests/data/bench-signature. A search change that alters node counts then fails CI
# until the recorded number is updated on purpose.
#
#   scripts/signature.sh [engine]           check (engine: target/release/dratp)
#   scripts/signature.sh --update [engine]  record the engine's signature instead
set -euo pipefail
cd "$(dirname "$0")/.."

record=tests/data/bench-signature
update=false
if [[ "${1:-}" == "--update" ]]; then
    update=true
    shift
fi
engine=${1:-target/release/dratp}

if [[ ! -x "$engine" ]]; then
    echo "signature: no engine binary at '$engine' (build it with: cargo build --release)" >&2
    exit 1
fi

# The last `Nodes searched: <n>` line of the bench is its total.
if ! output=$("$engine" bench 2>&1); then
    echo "signature: '$engine bench' failed:" >&2
    echo "$output" >&2
    exit 1
fi
got=$(printf '%s\n' "$output" | sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p' | tail -n 1)
if [[ -z "$got" ]]; then
    echo "signature: '$engine bench' printed no 'Nodes searched: <n>' line" >&2
    exit 1
fi

if $update; then
    sed -i "s/^[0-9][0-9]*$/$got/" "$record"
    echo "signature: recorded $got in $record"
    exit 0
fi

want=$(grep -v '^#' "$record" | tr -d '[:space:]')
if [[ ! "$want" =~ ^[0-9]+$ ]]; then
    echo "signature: $record holds no signature (expected one line with the node count)" >&2
    exit 1
fi
if [[ "$got" != "$want" ]]; then
    echo "signature mismatch: '$engine bench' searched $got nodes, $record records $want." >&2
    echo "If the search is meant to change, run scripts/signature.sh --update and give the reason in the commit." >&2
    exit 1
fi
echo "signature: $got nodes, as recorded"
