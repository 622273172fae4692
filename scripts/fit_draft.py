#!/usr/bin/env python3
"""Fit the draft policy's piece-value weights on self-play results.

Input: CSV files from `draft-bench fit` (one game per line: the first player's
score 1 / 0.5 / 0, then the summed piece features of both forces). Model: the
first player's expected score is logistic in (bias + w . (features1 - features2)),
fitted by gradient descent on the log loss (draws count as half a win). Prints
the weights, scaled so that one average square of undratped reach is worth 12,
as `src/search/draft.rs` writes them, and a held-out check.

Usage: python3 scripts/fit_draft.py fit1.csv [fit2.csv ...]
"""

import csv
import math
import sys

NAMES = ["cost", "before", "after", "effect", "guard"]
# Features as the policy uses them: reach in hundredths becomes squares.
SCALE = [1.0, 0.01, 0.01, 1.0, 1.0]


def load(paths):
    rows = []
    for p in paths:
        with open(p) as f:
            for r in csv.DictReader(f):
                try:
                    y = float(r["p1score"])
                    x = [(float(r[n + "1"]) - float(r[n + "2"])) * s for n, s in zip(NAMES, SCALE)]
                except (KeyError, ValueError):
                    continue
                rows.append((x, y))
    return rows


def fit(rows, l2=0.01, steps=4000, rate=0.05):
    """Logistic regression with a bias (first-move advantage) and a little L2, by full-batch gradient descent."""
    k = len(NAMES)
    # Standardise so one learning rate suits all features.
    sd = [max(1e-9, math.sqrt(sum(x[i] ** 2 for x, _ in rows) / len(rows))) for i in range(k)]
    w, b = [0.0] * k, 0.0
    for _ in range(steps):
        gw, gb = [0.0] * k, 0.0
        for x, y in rows:
            z = b + sum(w[i] * x[i] / sd[i] for i in range(k))
            p = 1 / (1 + math.exp(-z))
            for i in range(k):
                gw[i] += (p - y) * x[i] / sd[i]
            gb += p - y
        n = len(rows)
        w = [w[i] - rate * (gw[i] / n + l2 * w[i]) for i in range(k)]
        b -= rate * gb / n
    return [w[i] / sd[i] for i in range(k)], b


def accuracy(rows, w, b):
    decided = [(x, y) for x, y in rows if y != 0.5]
    ok = sum((b + sum(wi * xi for wi, xi in zip(w, x)) > 0) == (y == 1) for x, y in decided)
    return ok, len(decided)


def main():
    rows = load(sys.argv[1:])
    if len(rows) < 20:
        sys.exit(f"only {len(rows)} games")
    half = len(rows) // 2
    w, b = fit(rows[:half])
    ok, n = accuracy(rows[half:], w, b)
    print(f"held-out: fitted on {half} games, predicts {ok}/{n} decided games of the other {len(rows) - half}")
    w, b = fit(rows)
    ok, n = accuracy(rows, w, b)
    print(f"all {len(rows)} games: first-move bias {b:+.3f}, in-sample {ok}/{n}")
    unit = 12 / w[1] if w[1] > 0 else 1.0
    for name, wi in zip(NAMES, w):
        print(f"  {name:7s} logit {wi:+.4f} per unit  -> weight {wi * unit:+.2f} (one square of undratped reach = 12)")


if __name__ == "__main__":
    main()
