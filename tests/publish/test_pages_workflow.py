"""The GitHub Pages workflow (.github/workflows/pages.yml, README: *Publishing on GitHub
Pages*) is checked here, since it cannot run on this machine: ``make lint`` validates it against
GitHub's own schema, vendored in check-jsonschema (offline), and these tests show that the check
catches a mistake and that the workflow runs the README's command within measured limits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def lint(path: Path) -> subprocess.CompletedProcess[str]:
    """What ``make lint`` runs on a workflow file."""
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
         str(path)], capture_output=True, text=True, timeout=120)


def test_the_workflow_passes_githubs_schema() -> None:
    result = lint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


def workflow() -> dict:
    from ruamel.yaml import YAML  # check-jsonschema's YAML reader

    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


@pytest.mark.parametrize("planted, said", [
    # a misspelt key: GitHub would refuse the whole workflow, and nothing would be published
    ("    timeout-minute: 60\n", "'timeout-minute' was unexpected"),
    # a value of the wrong kind
    ("    timeout-minutes: an hour\n", "'an hour' is not of type 'number'"),
])
def test_a_planted_mistake_fails_the_lint(tmp_path: Path, planted: str, said: str) -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    line = "    timeout-minutes: 60\n"
    assert line in text
    bad = tmp_path / "pages.yml"
    bad.write_text(text.replace(line, planted, 1), encoding="utf-8")
    result = lint(bad)
    assert result.returncode == 1
    assert said in result.stdout


def test_the_workflow_tests_with_the_readmes_command_before_publishing() -> None:
    jobs = workflow()["jobs"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make test   # run every check" in readme
    assert {"run": "make test"} in jobs["test"]["steps"]
    assert jobs["build"]["needs"] == "test"
    assert jobs["deploy"]["needs"] == "build"
    upload = [s for s in jobs["build"]["steps"] if "upload-pages-artifact" in s.get("uses", "")]
    assert upload and upload[0]["with"]["path"] == "dist/"


def test_every_job_has_a_time_limit_with_room_for_the_measured_time() -> None:
    """``make test`` took about 17 minutes on a 2-core machine (README); the test job's limit
    leaves room for a runner twice as slow, and no job may wait GitHub's default 6 hours."""
    jobs = workflow()["jobs"]
    assert all(isinstance(job.get("timeout-minutes"), int) for job in jobs.values()), jobs
    assert jobs["test"]["timeout-minutes"] >= 45
    assert all(job["timeout-minutes"] <= 90 for job in jobs.values())
