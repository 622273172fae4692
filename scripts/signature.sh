#!/usr/bin/env bash
# Check the search's bench signatures, as Stockfish's tests/signature.sh does: run `<engine> bench` (the duel's
# search) and `<engine> "setoption name UCI_Variant value naviadratp4" bench` (the four-seat player) and compare
# each `Nodes searched` with the number recorded in tests/data/bench-signature and tests/data/bench4-signature.
# A search change that alters node counts then fails CI until the recorded number is updated on purpose.
#
#   scripts/signature.sh [engine]           check (engine: target/release/dratp)
#   scripts/signature.sh --update [engine]  record the engine's signatures instead
set -euo pipefail
cd "$(dirname "$0")/.."

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

# check <record file> <engine arguments…>: the last `Nodes searched: <n>` line of the bench is its total.
check() {
    local record=$1
    shift
    local output got want
    if ! output=$("$engine" "$@" 2>&1); then
        echo "signature: '$engine $*' failed:" >&2
        echo "$output" >&2
        exit 1
    fi
    got=$(printf '%s\n' "$output" | sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p' | tail -n 1)
    if [[ -z "$got" ]]; then
        echo "signature: '$engine $*' printed no 'Nodes searched: <n>' line" >&2
        exit 1
    fi
    if $update; then
        sed -i "s/^[0-9][0-9]*$/$got/" "$record"
        echo "signature: recorded $got in $record"
        return
    fi
    want=$(grep -v '^#' "$record" | tr -d '[:space:]')
    if [[ ! "$want" =~ ^[0-9]+$ ]]; then
        echo "signature: $record holds no signature (expected one line with the node count)" >&2
        exit 1
    fi
    if [[ "$got" != "$want" ]]; then
        echo "signature mismatch: '$engine $*' searched $got nodes, $record records $want." >&2
        echo "If the search is meant to change, run scripts/signature.sh --update and give the reason in the commit." >&2
        exit 1
    fi
    echo "signature: $got nodes, as recorded in $record"
}

check tests/data/bench-signature bench
check tests/data/bench4-signature "setoption name UCI_Variant value naviadratp4" bench
