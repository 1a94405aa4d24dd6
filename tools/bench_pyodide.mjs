// Engine benchmark inside Pyodide under Node, side by side with CPython (not a test).
//
//   node tools/bench_pyodide.mjs [--games N]        (default 200 games per player count)
//
// Loads node_modules/pyodide (the same Python and WebAssembly build the page runs), copies
// rattus/ into Pyodide's in-memory file system and runs `rattus.bench.main()`; then runs
// `python -m rattus.bench --json` on CPython (.venv/bin/python, else python3) and prints both
// sets of figures with the ratio of games per second. The engine is stdlib-only, so no wheels.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PROJECT = "/home/pyodide/project";

function* walk(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === "__pycache__") continue;
      yield* walk(join(path, name));
    }
  } else if (path.endsWith(".py")) {
    yield path;
  }
}

const argv = process.argv.slice(2);
const gi = argv.indexOf("--games");
const games = gi >= 0 ? Number(argv[gi + 1]) : 200;

// -- CPython -------------------------------------------------------------------------------
const venv = join(ROOT, ".venv", "bin", "python");
const python = existsSync(venv) ? venv : "python3";
const native = spawnSync(python, ["-m", "rattus.bench", "--json", "--games", String(games)], {
  cwd: ROOT, encoding: "utf8",
});
if (native.status !== 0) {
  console.error(native.stderr || `${python} -m rattus.bench failed`);
  process.exit(1);
}
const cpython = JSON.parse(native.stdout.trim().split("\n").pop());

// -- Pyodide -------------------------------------------------------------------------------
const started = Date.now();
const pyodide = await loadPyodide();
const loaded = (Date.now() - started) / 1000;
for (const file of walk(join(ROOT, "rattus"))) {
  const target = join(PROJECT, relative(ROOT, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.setStdout({ batched: () => {} }); // main() prints its table; we print our own
const wasm = JSON.parse(await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "${PROJECT}")
import rattus.bench
json.dumps(rattus.bench.main(["--games", "${games}"]))
`));

// -- side by side ----------------------------------------------------------------------------
const pad = (s, n) => String(s).padStart(n);
console.log(`Rattus engine, ${games} random games per player count (Pyodide loaded in ${loaded}s)`);
console.log(`  CPython: ${cpython.runtime}    Pyodide: ${wasm.runtime}`);
console.log(
  `${pad("players", 7)} ${pad("CPython g/s", 12)} ${pad("Pyodide g/s", 12)} ${pad("ratio", 6)}` +
    ` ${pad("actions", 8)} ${pad("turns", 6)} ${pad("killed", 7)}`,
);
let worst = 0;
for (const [i, c] of cpython.results.entries()) {
  const w = wasm.results[i];
  const ratio = c.games_per_s / w.games_per_s;
  worst = Math.max(worst, ratio);
  console.log(
    `${pad(c.players, 7)} ${pad(c.games_per_s.toFixed(1), 12)} ${pad(w.games_per_s.toFixed(1), 12)}` +
      ` ${pad(ratio.toFixed(2) + "x", 6)} ${pad(w.actions_per_game.toFixed(1), 8)}` +
      ` ${pad(w.turns_per_game.toFixed(1), 6)} ${pad(w.killed_per_game.toFixed(2), 7)}`,
  );
  // Same seeds, same engine: the game figures must agree across runtimes (determinism).
  for (const key of ["actions_per_game", "turns_per_game", "killed_per_game"]) {
    if (c[key] !== w[key]) console.log(`  WARNING: ${key} differs: ${c[key]} vs ${w[key]}`);
  }
}
console.log(`Pyodide is ${worst.toFixed(2)}x slower than CPython at worst (target: <= 2.5x).`);
