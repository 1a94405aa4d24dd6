// The service worker: the game plays offline after one visit, and a new deploy waits for the
// player's "reload" (web/update.py) instead of changing the page under a game.
//
// tools/build.py writes this file into dist/ with BUILD (a hash of every other file of the
// site) and FILES (all of them, relative to this file). Its scope is the folder it is served
// from, so the same file works at a GitHub Pages sub-path (/user/rattus/) or at the root:
// every URL here is resolved against the registration's scope, never the origin.
//
// * install: precache FILES under a cache named by the scope and BUILD (fetched past the HTTP
//   cache, so a new build never stores an old file); each packed download of PACKED (its .zst
//   in FILES, tools/pack.py) is then stored unpacked, under its plain name, in place of its
//   .zst: a page this worker serves asks for the plain file (web/index.html), so that a later
//   visit never unpacks again on its main thread; the new worker then waits;
// * message "skip-waiting": the page asks the waiting worker to take over (after saving);
// * activate: delete this scope's caches of other builds (never another site's on the origin);
// * fetch: the page itself (a navigation) network-first, the cached copy when offline; every
//   other file of the site cache-first (the runtime is 13 MB and never changes within a build).
"use strict";

const BUILD = "__BUILD__";
const FILES = [/* __FILES__ */];
// The packed downloads: plain name -> [its packed copy in FILES, its Content-Type, its parts
// in order (tools/pack.py: a file is packed in parts, zstd frames), each as [its size, its
// size unpacked]].
const PACKED = {/* __PACKED__ */};
// The packed copies' decoder (zstddec: self.ZSTDDecoder), as the page's workers have it.
importScripts("./vendor/zstd/zstddec.js");
const SCOPE = self.registration.scope;
const PREFIX = "rattus " + SCOPE + " ";
const CACHE = PREFIX + BUILD;
const PAGE = new URL("./", SCOPE).href;

async function unpack(cache, plain, [packed, type, sizes]) {
  const copy = new Uint8Array(await (await cache.match(new URL(packed, SCOPE))).arrayBuffer());
  const decoder = new self.ZSTDDecoder();
  await decoder.init();
  const parts = [];
  let at = 0;
  for (const [size, unpacked] of sizes) {  // each part a frame of its own
    const part = decoder.decode(copy.subarray(at, at + size), unpacked);
    if (part.byteLength !== unpacked) { throw new Error(`${packed} does not unpack`); }
    parts.push(part);
    at += size;
  }
  const bytes = await new Blob(parts).arrayBuffer();  // whole, or nothing stored
  await cache.put(new URL(plain, SCOPE), new Response(bytes, {headers: {
    "Content-Type": type, "Content-Length": String(bytes.byteLength)}}));
  await cache.delete(new URL(packed, SCOPE));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    await cache.addAll(FILES.map((file) => new Request(new URL(file, SCOPE),
                                                       {cache: "no-cache"})));
    for (const [plain, how] of Object.entries(PACKED)) {  // one at a time: each whole in memory
      await unpack(cache, plain, how);
    }
  }));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)))));
});

async function pageFirstFromNetwork(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const copy = await cache.match(PAGE);
    if (copy) {
      return copy;
    }
    throw offline;
  }
}

async function fileFromCache(request) {
  const cache = await caches.open(CACHE);
  const copy = await cache.match(request, {ignoreVary: true});
  return copy || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) {
    return;  // not ours: the browser fetches it as usual
  }
  if (request.mode === "navigate") {
    event.respondWith(pageFirstFromNetwork(request));
  } else if (request.headers.has("range")) {
    return;  // a partial request: the cache holds whole files
  } else {
    event.respondWith(fileFromCache(request));
  }
});
