"""Run ``make test``'s stages and say, at the end, how long each took and whether it passed.

Usage: ``python tools/stages.py setup build : lint+test-engine+test-pyodide test-e2e``. Each
argument is a step, run after the one before; the make targets joined by ``+`` in one step run
side by side (each one's output is held and printed whole when it ends, so that they do not
interleave). A step alone prints as it goes. The steps before ``:`` are needed by the rest: if
one fails, the rest do not run. After it, every stage runs even when an earlier one failed (a
maintainer wants every failure of a run, not the first). The exit status is 1 if any failed.

Standard library only: it runs before anything else is known to work.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass


@dataclass
class Stage:
    target: str
    seconds: float = 0.0
    status: int = 0


def make_command(target: str) -> list[str]:
    return [os.environ.get("MAKE", "make"), "--no-print-directory", target]


def run_alone(stage: Stage) -> None:
    start = time.monotonic()
    stage.status = subprocess.call(make_command(stage.target))
    stage.seconds = time.monotonic() - start


def run_side_by_side(stages: list[Stage]) -> None:
    print(f"== side by side: {', '.join(s.target for s in stages)} (each printed as it ends)",
          flush=True)
    start = time.monotonic()
    running = []
    for stage in stages:
        log = tempfile.TemporaryFile()
        process = subprocess.Popen(make_command(stage.target), stdout=log,
                                   stderr=subprocess.STDOUT)
        running.append((stage, process, log))
    while running:
        for item in list(running):
            stage, process, log = item
            if process.poll() is None:
                continue
            stage.status = process.returncode
            stage.seconds = time.monotonic() - start
            log.seek(0)
            print(f"== {stage.target} ({'passed' if stage.status == 0 else 'FAILED'}, "
                  f"{clock(stage.seconds)})", flush=True)
            sys.stdout.buffer.write(log.read())
            sys.stdout.flush()
            log.close()
            running.remove(item)
        time.sleep(0.2)


def clock(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    needed = argv.index(":") if ":" in argv else 0
    steps = [[Stage(target) for target in step.split("+")] for step in argv if step != ":"]
    start = time.monotonic()
    ran: list[list[Stage]] = []
    for number, step in enumerate(steps):
        if ran and number <= needed and any(stage.status for stage in ran[-1]):
            break  # a needed stage (set-up, build) failed: the rest cannot run
        ran.append(step)
        if len(step) == 1:
            run_alone(step[0])
        else:
            run_side_by_side(step)
    total = time.monotonic() - start
    width = max(len(stage.target) for step in steps for stage in step)
    print("\nmake test, stage by stage (m:ss; ⎸ marks stages that ran side by side):")
    for step in steps:
        for stage in step:
            mark = "⎸" if len(step) > 1 else " "
            if step not in ran:
                print(f" {mark} {stage.target:<{width}}  {'–':>6}  not run (a needed stage failed)")
                continue
            if stage.status:
                verdict = f"FAILED (exit {stage.status})"
            else:
                verdict = "passed"
            print(f" {mark} {stage.target:<{width}}  {clock(stage.seconds):>6}  {verdict}")
    print(f"   {'all':<{width}}  {clock(total):>6}")
    failed = len(ran) < len(steps) or any(stage.status for step in ran for stage in step)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
