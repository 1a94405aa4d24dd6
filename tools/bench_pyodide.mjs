// Engine benchmark inside Pyodide under Node, side by side with CPython (not a test).
//
//   node tools/bench_pyodide.mjs [--games N]        (default 200 games per player count)
//   node tools/bench_pyodide.mjs --odds [--games N]  strike odds of every region of a view
//                                                    (rattus.bench_odds; default 20 games)
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
const odds = argv.includes("--odds");
const games = gi >= 0 ? Number(argv[gi + 1]) : odds ? 20 : 200;

async function loadProject() {
  const started = Date.now();
  const pyodide = await loadPyodide();
  const loaded = (Date.now() - started) / 1000;
  for (const file of walk(join(ROOT, "rattus"))) {
    const target = join(PROJECT, relative(ROOT, file));
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
  pyodide.setStdout({ batched: () => {} }); // main() prints its table; we print our own
  return { pyodide, loaded };
}

function runCPython(module) {
  const venv = join(ROOT, ".venv", "bin", "python");
  const python = existsSync(venv) ? venv : "python3";
  const out = spawnSync(python, ["-m", module, "--json", "--games", String(games)], {
    cwd: ROOT, encoding: "utf8",
  });
  if (out.status !== 0) {
    console.error(out.stderr || `${python} -m ${module} failed`);
    process.exit(1);
  }
  return JSON.parse(out.stdout.trim().split("\n").pop());
}

// -- strike odds (rattus.bench_odds): ms for every region of a view, both runtimes -----------
if (odds) {
  const cpython = runCPython("rattus.bench_odds");
  const { pyodide, loaded } = await loadProject();
  const wasm = JSON.parse(await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "${PROJECT}")
import rattus.bench_odds
json.dumps(rattus.bench_odds.main(["--json", "--games", "${games}"]))
`));
  const pad = (s, n) => String(s).padStart(n);
  console.log(`Rattus strike odds, every region of a view, ${games} random games per player count` +
    ` (Pyodide loaded in ${loaded}s)`);
  console.log(`  CPython: ${cpython.runtime}    Pyodide: ${wasm.runtime}    ms per view, cold,` +
    ` best of ${wasm.repeat}`);
  console.log(`${pad("players", 7)} ${pad("regions", 7)} ${pad("views", 6)}` +
    ` ${pad("CPython median", 14)} ${pad("p90", 6)} ${pad("max", 6)}` +
    ` ${pad("Pyodide median", 14)} ${pad("p90", 6)} ${pad("max", 6)} ${pad("ratio", 6)}`);
  for (const [i, c] of cpython.results.entries()) {
    const w = wasm.results[i];
    console.log(`${pad(c.players, 7)} ${pad(c.regions, 7)} ${pad(c.positions, 6)}` +
      ` ${pad(c.median_ms.toFixed(2), 14)} ${pad(c.p90_ms.toFixed(2), 6)} ${pad(c.max_ms.toFixed(2), 6)}` +
      ` ${pad(w.median_ms.toFixed(2), 14)} ${pad(w.p90_ms.toFixed(2), 6)} ${pad(w.max_ms.toFixed(2), 6)}` +
      ` ${pad((w.median_ms / c.median_ms).toFixed(2) + "x", 6)}`);
  }
  console.log("Target: every region of a view under 50 ms in Pyodide.");
  process.exit(0);
}

// -- CPython -------------------------------------------------------------------------------
const cpython = runCPython("rattus.bench");

// -- Pyodide -------------------------------------------------------------------------------
const { pyodide, loaded } = await loadProject();
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
