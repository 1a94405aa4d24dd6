// Compile Python sources to bytecode with the page's own Python (Pyodide, under Node), for the
// build (tools/pyc.py, for tools/build.py and tools/stdlib.py): the page then imports ready
// bytecode instead of compiling its ~70 modules and ~150 standard ones at every start — the
// largest cost of a first load after the runtime's download.
//
//   node tools/compile_pyc.mjs DIR [AT]
//
// Every *.py under DIR gets its __pycache__/NAME.<cache tag>.pyc written next to it, in DIR.
// AT: the folder the sources are found in at run time, as the bytecode names them (tracebacks):
// needed where no source file corrects it (bytecode alone in an archive).
// The .pyc files are "unchecked hash" ones (PEP 552): Python uses them without looking at the
// source's date (which unpacking an archive does not keep), and the same source always gives
// the same bytes (PYTHONHASHSEED=0 fixes the order of set constants), so a rebuild of the same
// sources keeps the build's name.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [dir, at] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node tools/compile_pyc.mjs DIR [AT]");
  process.exit(2);
}
const FS_DIR = "/home/pyodide/compile";

function* walk(path) {
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (name.endsWith(".py")) yield full;
  }
}

const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
for (const file of walk(dir)) {
  const target = join(FS_DIR, relative(dir, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.globals.set("compile_as", at);  // (undefined is None: named as compiled)
const written = pyodide.runPython(`
import compileall, os, py_compile, sys
assert sys.flags.hash_randomization == 0, "PYTHONHASHSEED was not applied"
ok = compileall.compile_dir(${JSON.stringify(FS_DIR)}, quiet=1, workers=1,
                            ddir=compile_as,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("a module did not compile")
out = []
for root, dirs, files in os.walk(${JSON.stringify(FS_DIR)}):
    dirs.sort()
    out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".pyc")]
out
`).toJs();
for (const path of written) {
  const target = join(dir, relative(FS_DIR, path));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(path));
}
console.log(`compile_pyc: ${written.length} modules compiled by Python ${pyodide.version ? pyodide.runPython("import sys; sys.version.split()[0]") : ""}`);
