"""``make test`` runs its stages through tools/stages.py: the set-up first, then the checks
(some side by side), every check even after one failed, and each stage's time at the end."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

STAGES = Path(__file__).resolve().parents[2] / "tools" / "stages.py"

MAKEFILE = """\
setup:
\t@echo set up
broken-setup:
\t@exit 2
lint:
\t@echo lint said this
engine:
\t@echo engine failed; exit 1
e2e:
\t@echo e2e ran
"""


def stages(tmp_path: Path, *steps: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    return subprocess.run([sys.executable, str(STAGES), *steps], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def test_every_check_runs_after_one_failed_and_each_time_is_said(tmp_path: Path) -> None:
    result = stages(tmp_path, "setup", ":", "lint+engine", "e2e")
    assert result.returncode == 1  # the engine stage failed
    out = result.stdout
    assert "lint said this" in out and "engine failed" in out and "e2e ran" in out
    summary = out.split("make test, stage by stage", 1)[1]
    said = {m["stage"]: m for m in re.finditer(
        r"^ (?P<side>[ ⎸]) (?P<stage>[\w-]+) +(?P<time>\d+:\d\d) +(?P<verdict>passed|FAILED)",
        summary, re.M)}
    assert {stage: m["verdict"] for stage, m in said.items()} == {
        "setup": "passed", "lint": "passed", "engine": "FAILED", "e2e": "passed"}
    assert [stage for stage, m in said.items() if m["side"] == "⎸"] == ["lint", "engine"]


def test_a_failed_set_up_runs_nothing_after_it(tmp_path: Path) -> None:
    result = stages(tmp_path, "broken-setup", ":", "lint+engine", "e2e")
    assert result.returncode == 1
    assert "lint said this" not in result.stdout and "e2e ran" not in result.stdout
    assert result.stdout.count("not run (a needed stage failed)") == 3


def test_all_passed_is_exit_0(tmp_path: Path) -> None:
    assert stages(tmp_path, "setup", ":", "lint", "e2e").returncode == 0
