// A worker of the page's first script (web/index.html) that unpacks the big downloads' xz
// streams off the main thread. Each big file is packed in parts, independent xz streams
// (tools/pack.py), and the page starts one such worker per part it can unpack at once: on a
// fast line the unpacking (LZMA: some 30 MB/s), not the download, is what Python waits for.
// The worker of a file's first part joins its parts in order and sends the plain file to the
// page; the WebAssembly it compiles instead, as its parts are unpacked, and hands the page a
// module: the page's thread, busy with the page meanwhile, neither feeds the compiler nor
// waits for it.
//
// In: {part, join: [part, ...], wasm} join those parts, in order (this worker unpacks the
// first); {part, peer: "send"} with a MessagePort: that part's unpacked bytes go over it to
// the worker that joins its file, which gets the other end as {part, peer: "receive"};
// {part, bytes} a piece of that part's xz stream (in order), {part, end: true} its end.
// Out, for a file's first part: {part, bytes} the file unpacked (in order), then
// {part, end: true}; or {part, module} for the WebAssembly; or {part, error}.
// A worker unpacks its parts one at a time, in the order their first bytes came (the
// decoder's way), each as soon as its bytes arrive.
importScripts("./vendor/xz/xz-decompress.min.js");

var XzReadableStream = self["xz-decompress"].XzReadableStream;
var coming = {};  // part -> the controller of its packed bytes, until their end
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

function unpack(part, packed) {
  var reader = new XzReadableStream(packed).getReader();
  var pump = function () {
    return reader.read().then(function (step) {
      if (step.done) {
        sink[part]({part: part, end: true}, []);
        return;
      }
      var bytes = step.value;  // handed over, not copied: a buffer of its own
      if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) {
        bytes = bytes.slice();
      }
      sink[part]({part: part, bytes: bytes.buffer}, [bytes.buffer]);
      return pump();
    });
  };
  pump().catch(function (e) { sink[part]({part: part, error: said(e)}, []); });
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
  if (!coming[message.part]) {
    unpack(message.part, new ReadableStream({start: function (controller) {
      coming[message.part] = controller;
    }}));
  }
  if (message.end) {
    coming[message.part].close();
    delete coming[message.part];
  } else {
    coming[message.part].enqueue(new Uint8Array(message.bytes));
  }
};
