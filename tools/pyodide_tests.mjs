// Run the engine tests (pytest) inside Pyodide under Node: the same Python (3.14) and the same
// WebAssembly build of CPython that the page runs, from node_modules/pyodide (package-lock.json).
//
//   node tools/pyodide_tests.mjs [pytest args...]      (default: tests)
//
// The npm `pyodide` package ships no package wheels, so pytest, hypothesis and their
// dependencies come as pure-Python wheels from .cache/wheels (see
// tools/pyodide-test-requirements.txt; `make setup` downloads them). They are unpacked into
// Pyodide's site-packages; the project's files are copied into Pyodide's in-memory file system,
// so nothing is written to the checkout and nothing is fetched from the network.
// Exits with pytest's exit code.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WHEELS = join(ROOT, ".cache", "wheels");
const PROJECT = "/home/pyodide/project";
// What the tests may need from the checkout (copied when present).
const COPY = ["rattus", "tests", "conftest.py", "pyproject.toml"];

function* walk(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === "__pycache__" || name === ".hypothesis" || name === ".pytest_cache") continue;
      yield* walk(join(path, name));
    }
  } else {
    yield path;
  }
}

function copyIntoFS(pyodide, hostPath, fsPath) {
  if (statSync(hostPath).isDirectory()) pyodide.FS.mkdirTree(fsPath);
  for (const file of walk(hostPath)) {
    const target = join(fsPath, relative(hostPath, file));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
}

const wheels = existsSync(WHEELS) ? readdirSync(WHEELS).filter((n) => n.endsWith(".whl")) : [];
if (!wheels.some((n) => n.startsWith("pytest-"))) {
  console.error(`no pytest wheel in ${WHEELS}: run \`make setup\` first`);
  process.exit(2);
}

const started = Date.now();
const pyodide = await loadPyodide();
// Raw writes, so that pytest's progress dots stay on one line.
const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));

pyodide.FS.mkdirTree("/tmp/wheels");
for (const name of wheels) {
  pyodide.FS.writeFile(`/tmp/wheels/${name}`, readFileSync(join(WHEELS, name)));
}
for (const name of COPY) {
  const host = join(ROOT, name);
  if (existsSync(host)) copyIntoFS(pyodide, host, join(PROJECT, name));
}

const args = process.argv.slice(2);
pyodide.globals.set("pytest_args_json", JSON.stringify(args.length ? args : ["tests"]));
let code;
try {
  code = await pyodide.runPythonAsync(`
import json, os, site, sys, zipfile
from pathlib import Path

target = site.getsitepackages()[0]
for wheel in sorted(Path("/tmp/wheels").glob("*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)

os.chdir("${PROJECT}")
sys.path.insert(0, "${PROJECT}")
print(f"Pyodide {sys.version.split()[0]} ({sys.platform}), loaded in ${(Date.now() - started) / 1000}s")

import pytest

class PyodideProfile:
    """Keep whatever Hypothesis profile the tests load, without the per-example deadline:
    WebAssembly is slower than native CPython."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config):
        from hypothesis import settings
        settings.register_profile("pyodide", settings(), deadline=None)

int(pytest.main(
    ["-p", "no:cacheprovider", "--hypothesis-profile=pyodide", *json.loads(pytest_args_json)],
    plugins=[PyodideProfile()],
))
`);
} catch (error) {
  // A PythonError's message is the Python traceback; its JS stack is noise.
  console.error(error.message ?? String(error));
  process.exit(3);
}
process.exit(Number(code));
