"""How much faster two CPU-bound processes finish two equal jobs than one process does, on this machine.

    python tools/cpu_ceiling.py [--trials 20] [--loops 20000000]

The ceiling for any two-worker speed-up of CPU-bound work here (issue 14): each trial runs one job alone, then two
equal jobs in two processes at once, and prints 2 x (alone) / (slower of the pair) and each process's own CPU time
(`time.thread_time`, so waiting for a core does not count). On a machine whose two vCPUs are independent cores the
ratio is ~2.0 and the pair's CPU times equal the lone job's.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import time


def job(loops: int, out: mp.Queue) -> None:  # type: ignore[type-arg]
    t, w = time.thread_time(), time.perf_counter()
    x = 0
    for i in range(loops):
        x += i * i % 7
    out.put((time.thread_time() - t, time.perf_counter() - w))


def run(n: int, loops: int) -> list[tuple[float, float]]:
    q: mp.Queue = mp.Queue()  # type: ignore[type-arg]
    ps = [mp.Process(target=job, args=(loops, q)) for _ in range(n)]
    for p in ps:
        p.start()
    for p in ps:
        p.join()
    return [q.get() for _ in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--loops", type=int, default=20_000_000)
    args = ap.parse_args()
    ratios = []
    for k in range(args.trials):
        (alone_cpu, alone), pair = run(1, args.loops)[0], run(2, args.loops)
        slower = max(w for _, w in pair)
        ratios.append(2 * alone / slower)
        cpus = " ".join(f"{c:.2f}" for c, _ in pair)
        print(
            f"trial {k + 1:2d}: alone {alone:.2f} s (cpu {alone_cpu:.2f}), pair {slower:.2f} s (cpu {cpus}), "
            f"2 vs 1: {ratios[-1]:.2f}x",
            flush=True,
        )
    q = statistics.quantiles(ratios, n=4)
    print(
        f"2 vs 1 over {len(ratios)} trials: min {min(ratios):.2f}x, quartiles {q[0]:.2f} / {q[1]:.2f} / {q[2]:.2f}x,"
        f" max {max(ratios):.2f}x"
    )


if __name__ == "__main__":
    main()
