// A worker of the page's first script (web/index.html) that unpacks the big downloads' zstd
// frames off the main thread. Each big file is packed in parts, independent frames
// (tools/pack.py), and the page starts one such worker per part it can unpack at once (two
// cores: two). A part is unpacked once its last byte is in (Zstandard: some 300 MB/s, so a
// part of 3.5 MB takes some 10 ms). The worker of a file's first part joins its parts in order
// and sends the plain file to the page; the WebAssembly it compiles instead, as its parts are
// unpacked, and hands the page a module: the page's thread, busy with the page meanwhile,
// neither feeds the compiler nor waits for it.
//
// In: {part, join: [part, ...], wasm} join those parts, in order (this worker unpacks the
// first); {part, peer: "send"} with a MessagePort: that part's unpacked bytes go over it to
// the worker that joins its file, which gets the other end as {part, peer: "receive"};
// {part, bytes} a piece of that part's frame (in order), {part, end: n} its end, n its size
// unpacked (what the frame must unpack to: anything else is a garbled download).
// Out, for a file's first part: {part, bytes} the file unpacked (in order), then
// {part, end: true}; or {part, module} for the WebAssembly; or {part, error}.
importScripts("./vendor/zstd/zstddec.js");

var decoder = new self.ZSTDDecoder();
var ready = decoder.init();  // (its WebAssembly, compiled once per worker)
var coming = {};  // part -> the pieces of its frame come so far, until its end
var sink = {};  // part -> where its unpacked bytes go: function (message, transfer)

function said(e) {
  return String((e && e.message) || e);
}

// The file made of `parts`, in order, as they are unpacked here or elsewhere: to the page as
// the first part's messages, or compiled (the WebAssembly) and sent as a module.
function join(parts, wasm) {
  var first = parts[0], queues = {}, ended = {}, current = 0, out = null;
  parts.forEach(function (part) { queues[part] = []; });
  var flush = function () {
    for (; current < parts.length; current++) {
      var queue = queues[parts[current]];
      while (queue.length) { out.enqueue(queue.shift()); }
      if (!ended[parts[current]]) { return; }
    }
    out.close();
  };
  var bytes = new ReadableStream({start: function (controller) { out = controller; }});
  parts.forEach(function (part) {
    sink[part] = function (message) {
      if (message.error) { out.error(new Error(message.error)); return; }
      if (message.end) {
        ended[part] = true;
      } else {
        queues[part].push(new Uint8Array(message.bytes));
      }
      flush();
    };
  });
  var failed = function (e) { self.postMessage({part: first, error: said(e)}); };
  if (wasm) {
    var response = new Response(bytes, {headers: {"Content-Type": "application/wasm"}});
    var module = typeof WebAssembly.compileStreaming === "function"
      ? WebAssembly.compileStreaming(response)
      : response.arrayBuffer().then(function (all) { return WebAssembly.compile(all); });
    module.then(function (compiled) {
      self.postMessage({part: first, module: compiled});  // (a module is shared, not copied)
    }).catch(failed);
    return;
  }
  var reader = bytes.getReader();
  var pump = function () {
    return reader.read().then(function (step) {
      if (step.done) {
        self.postMessage({part: first, end: true});
        return;
      }
      var chunk = step.value;  // (a buffer of its own: handed over)
      self.postMessage({part: first, bytes: chunk.buffer}, [chunk.buffer]);
      return pump();
    });
  };
  pump().catch(failed);
}

// The part's frame, once its bytes are all in (`pieces`), unpacked: it must make `size` bytes.
function unpack(part, pieces, size) {
  ready.then(function () {
    var length = pieces.reduce(function (n, piece) { return n + piece.length; }, 0);
    var packed = new Uint8Array(length);
    pieces.reduce(function (at, piece) { packed.set(piece, at); return at + piece.length; }, 0);
    var bytes = decoder.decode(packed, size);  // (its own buffer: handed over, not copied)
    if (bytes.byteLength !== size) {
      throw new Error("part " + part + " does not unpack (" + bytes.byteLength + " of " + size
                      + " bytes)");
    }
    sink[part]({part: part, bytes: bytes.buffer}, [bytes.buffer]);
    sink[part]({part: part, end: true}, []);
  }).catch(function (e) { sink[part]({part: part, error: said(e)}, []); });
}

self.onmessage = function (event) {
  var message = event.data;
  if (message.join) {
    join(message.join, message.wasm);
    return;
  }
  if (message.peer === "send") {  // this part's bytes go to the worker that joins its file
    var port = event.ports[0];
    sink[message.part] = function (forwarded, transfer) { port.postMessage(forwarded, transfer); };
    return;
  }
  if (message.peer === "receive") {  // that part's bytes, from the worker that unpacks it
    event.ports[0].onmessage = function (forwarded) { sink[forwarded.data.part](forwarded.data); };
    return;
  }
  var pieces = coming[message.part] || (coming[message.part] = []);
  if (message.end) {
    delete coming[message.part];
    unpack(message.part, pieces, message.end);
  } else {
    pieces.push(new Uint8Array(message.bytes));
  }
};
