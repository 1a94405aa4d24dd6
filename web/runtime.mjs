// The interpreter module PyScript loads (pyscript.json "interpreter"): the vendored Pyodide's
// loadPyodide, started from the build's memory snapshot when there is one to hand
// (docs/architecture.md: *Loading, offline, updates*).
//
// tools/snapshot.py makes pyodide-snapshot.bin at build time: Python started, app.zip unpacked,
// the engine and the glue modules that need no page imported. Restoring it skips Python's own
// start-up, most of a start. It is used only when the service worker serves this page (the
// worker precached it with the rest of the same build, so it matches this Pyodide, stdlib.zip
// and app.zip; a first visit never downloads it). Anything wrong with it, and Pyodide starts
// the ordinary way.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// Pyodide's standard library with the modules the page imports compiled (tools/stdlib.py):
// the vendored one would have Python compile them at every start.
export const STDLIB = "./stdlib.zip";
export const SNAPSHOT = "./pyodide-snapshot.bin";

// The snapshot's bytes (gunzipped), or null when this page should not use one. The e2e tests
// start their pages as a returning visitor's start (e2e/conftest.py sets
// rattusReturningVisitor before the page runs; the tests of a first visit do not): the same
// build's snapshot, fetched from the same server, without a worker to serve it.
export function fetchSnapshot() {
  const returning = globalThis.rattusReturningVisitor === true
    || ("serviceWorker" in navigator && !!navigator.serviceWorker.controller);
  if (!returning || typeof DecompressionStream === "undefined") {
    return null;
  }
  return fetch(new URL(SNAPSHOT, import.meta.url)).then((response) => {
    if (!response.ok) { throw new Error(`${SNAPSHOT}: HTTP ${response.status}`); }
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip")))
      .arrayBuffer();
  });
}

// After a restore: what the snapshot must not keep from the build machine.
const AFTER_RESTORE = `
import os, random, sys, time
random.seed()  # the snapshot's generator was seeded at build time
if hasattr(time, "tzset"):
    time.tzset()  # this browser's time zone, not the build machine's
# PyScript unpacks app.zip again: the folders' finders look at their files afresh. This is
# what importlib.invalidate_caches() does for them, without the importlib.metadata it also
# imports (for installed packages' metadata: the page has none, and stdlib.zip leaves it out)
for where, finder in list(sys.path_importer_cache.items()):
    if finder is None or not os.path.isabs(where):
        del sys.path_importer_cache[where]
    elif hasattr(finder, "invalidate_caches"):
        finder.invalidate_caches()
`;

// Where Python's output goes: the console until PyScript hands over its own handlers.
const sink = {stdout: console.log, stderr: console.error};

async function boot() {
  const settings = {
    indexURL: INDEX_URL,
    stdLibURL: new URL(STDLIB, import.meta.url).href,
    stdout: (...args) => sink.stdout(...args),
    stderr: (...args) => sink.stderr(...args),
  };
  let snapshot = null;
  try {
    snapshot = fetchSnapshot();
    snapshot?.catch(() => {});  // a failure is said below, when Pyodide awaits it
  } catch (e) {
    console.warn(`Python starts without its snapshot (${e.message}).`);
  }
  if (snapshot) {
    try {  // Pyodide fetches its files meanwhile and awaits the snapshot before starting
      const pyodide = await loadVendored({...settings, _loadSnapshot: snapshot});
      pyodide.runPython(AFTER_RESTORE);
      globalThis.rattusPythonStart = "snapshot";
      return pyodide;
    } catch (e) {
      console.warn(`Python starts without its snapshot (${e.message}).`);
    }
  }
  const pyodide = await loadVendored(settings);
  globalThis.rattusPythonStart = "fresh";
  return pyodide;
}

let started = null;

// Start Python now: index.html calls this first thing, so that the runtime downloads and
// starts while the page and PyScript load (PyScript asks for it only once it has read its
// config). The page's config has no packages (tools/build.py), so PyScript's options are
// only where the output goes.
export function start() {
  if (started === null) {
    started = boot();
  }
  return started;
}

// PyScript's call: the Python started above, with PyScript's output handlers from now on.
export async function loadPyodide(options = {}) {
  if (options.stdout) { sink.stdout = options.stdout; }
  if (options.stderr) { sink.stderr = options.stderr; }
  return start();
}
