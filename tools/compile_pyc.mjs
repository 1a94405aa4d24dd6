// Compile Python sources to bytecode with the page's own Python (Pyodide, under Node), for the
// build (tools/pyc.py, for tools/build.py and tools/stdlib.py): the page then imports ready
// bytecode instead of compiling its ~70 modules and ~150 standard ones at every start — the
// largest cost of a first load after the runtime's download.
//
//   node tools/compile_pyc.mjs DIR [AT]
//
// Every *.py under DIR gets its __pycache__/NAME.<cache tag>.pyc written next to it, in DIR.
// AT: the folder the sources are found in at run time, as the bytecode names them (tracebacks):
// needed where no source file corrects it (bytecode alone in an archive); "" for none.
// The .pyc files are "unchecked hash" ones (PEP 552): Python uses them without looking at the
// source's date (which unpacking an archive does not keep), and the same source always gives
// the same bytes (PYTHONHASHSEED=0 fixes the order of set constants), so a rebuild of the same
// sources keeps the build's name.
//
// Smaller bytecode, for a smaller download (the page ships no sources, so neither is ever
// shown): no column ranges (PYTHONNODEBUGRANGES; tracebacks keep their line numbers, without
// the ^^^ under a source line they could not show anyway), and no docstrings of modules and
// functions (an AST pass before compiling: what -OO does, but asserts stay). Class docstrings
// stay (dataclasses would otherwise write one per class with inspect.signature, at import).
// Pyodide's own packages lose theirs too: the one reader, _pyodide.docstring (the C methods'
// signatures, at start), takes a function without a docstring.

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

const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" } });
for (const file of walk(dir)) {
  const target = join(FS_DIR, relative(dir, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.globals.set("compile_as", at || null);  // None: named as compiled
const written = pyodide.runPython(`
import ast, importlib.util, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
assert sys.flags.hash_randomization == 0, "PYTHONHASHSEED was not applied"
assert list(compile("a.b", "x", "eval").co_positions())[-1][2] is None, \\
    "PYTHONNODEBUGRANGES was not applied"
DOC_OWNERS = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)

def strip_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, DOC_OWNERS) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]

root = ${JSON.stringify(FS_DIR)}
out = []
for folder, dirs, files in os.walk(root):
    dirs.sort()
    for name in sorted(files):
        if not name.endswith(".py"):
            continue
        path = os.path.join(folder, name)
        rel = os.path.relpath(path, root)
        with open(path, "rb") as f:
            source = f.read()
        shown = os.path.join(compile_as, rel) if compile_as else path
        tree = ast.parse(source, shown)
        strip_docstrings(tree)
        code = compile(tree, shown, "exec", dont_inherit=True)
        target = importlib.util.cache_from_source(path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
        out.append(target)
out
`).toJs();
for (const path of written) {
  const target = join(dir, relative(FS_DIR, path));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(path));
}
console.log(`compile_pyc: ${written.length} modules compiled by Python ${pyodide.version ? pyodide.runPython("import sys; sys.version.split()[0]") : ""}`);
