// Run a Python script with the page's own Python (Pyodide under Node: node_modules/pyodide, the
// release the page vendors), for build steps that need Python 3.14 itself (tools/stdlib.py).
//
//   node tools/pyodide_run.mjs SCRIPT [ARGS...]
//
// The script (a host file) runs as __main__ with sys.argv = [SCRIPT, ARGS...]; it reads this
// process's standard input and writes to its standard output and error. The exit code is the
// script's (SystemExit), 1 for an uncaught exception (its traceback on stderr).

import { readFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/pyodide_run.mjs SCRIPT [ARGS...]");
  process.exit(2);
}
const input = readFileSync(0);
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
// Synchronous writes: a pipe's asynchronous ones could still be queued when Node exits.
const raw = (fd) => ({ write: (bytes) => writeSync(fd, bytes) });
pyodide.setStdout(raw(1));
pyodide.setStderr(raw(2));
const where = resolve(script);  // the script under its own path: tracebacks name it
pyodide.FS.mkdirTree(dirname(where));
pyodide.FS.writeFile(where, readFileSync(script));
pyodide.globals.set("argv_json", JSON.stringify([where, ...args]));
pyodide.globals.set("stdin_bytes", new Uint8Array(input));
const code = pyodide.runPython(`
import io, json, runpy, sys, traceback
sys.argv = json.loads(argv_json)
sys.stdin = io.TextIOWrapper(io.BytesIO(stdin_bytes.to_py().tobytes()), encoding="utf-8")
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    code = 0
except SystemExit as stop:
    code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    if not isinstance(stop.code, (int, type(None))):
        print(stop.code, file=sys.stderr)
except BaseException:
    traceback.print_exc()
    code = 1
sys.stdout.flush()
code
`);
process.exitCode = code;
