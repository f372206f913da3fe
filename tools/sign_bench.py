"""How long nile.core.sign takes in the running Python: ms per signature and per verification (issue 50).

    .venv/bin/python tools/sign_bench.py                     # CPython
    node tools/pyodide_run.mjs tools/sign_bench.py           # Pyodide (the page's interpreter) under Node
    .venv/bin/python tools/sign_bench.py --rounds 200        # more rounds

Prints the one-off costs (a key's first use builds the fixed-base table, the first verification the other
one), then the median and p95 over ``--rounds`` of signing a move-sized message, verifying it, making a key
from its stored text, and verifying the five signatures a link may carry.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nile.core.sign import SigningKey, verify  # noqa: E402 - the repository is put on the path first

MESSAGE = b"nile-move\n1\n0123456789abcdef\n17\np2\np2 sow flax W9-1"


def ms(start: int) -> float:
    return (time.perf_counter_ns() - start) / 1e6


def timed(action, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        action()
        times.append(ms(start))
    return times


def line(name: str, times: list[float]) -> str:
    p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
    return f"{name:<22} median {statistics.median(times):7.3f} ms   p95 {p95:7.3f} ms   ({len(times)} rounds)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}")

    start = time.perf_counter_ns()
    key = SigningKey.from_seed(bytes(range(32)))
    print(f"{'first key (+ table)':<22} {ms(start):7.3f} ms")
    signature = key.sign(MESSAGE)
    start = time.perf_counter_ns()
    assert verify(key.public, MESSAGE, signature)
    print(f"{'first verify (+ table)':<22} {ms(start):7.3f} ms")

    print(line("sign", timed(lambda: key.sign(MESSAGE), args.rounds)))
    print(line("verify", timed(lambda: verify(key.public, MESSAGE, signature), args.rounds)))
    print(line("key from its text", timed(lambda: SigningKey.from_text(key.seed_text), args.rounds)))
    five = [key.sign(MESSAGE + bytes([i])) for i in range(5)]
    print(line("a link: 5 verifies", timed(lambda: [verify(key.public, MESSAGE + bytes([i]), five[i]) for i in range(5)],
                                           max(10, args.rounds // 5))))


if __name__ == "__main__":
    main()
