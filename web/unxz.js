// A worker of the page's first script (web/index.html) that unpacks the big downloads' xz
// streams off the main thread. Each big file is packed in parts, independent xz streams
// (tools/pack.py), and the page starts one such worker per part it can unpack at once: on a
// fast line the unpacking (LZMA: some 30 MB/s), not the download, is what Python waits for.
//
// In: {part, bytes} a piece of that part's xz stream (in order), {part, end: true} its end.
// Out: {part, bytes} the part unpacked (in order), then {part, end: true}; or {part, error}.
// A worker unpacks its parts one at a time, in the order their first bytes came (the
// decoder's way), each as soon as its bytes arrive.
importScripts("./vendor/xz/xz-decompress.min.js");

var XzReadableStream = self["xz-decompress"].XzReadableStream;
var coming = {};  // part -> the controller of its packed bytes, until their end

function unpack(part, packed) {
  var reader = new XzReadableStream(packed).getReader();
  var pump = function () {
    return reader.read().then(function (step) {
      if (step.done) {
        self.postMessage({part: part, end: true});
        return;
      }
      var bytes = step.value;  // handed over, not copied: a buffer of its own
      if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) {
        bytes = bytes.slice();
      }
      self.postMessage({part: part, bytes: bytes.buffer}, [bytes.buffer]);
      return pump();
    });
  };
  pump().catch(function (e) {
    self.postMessage({part: part, error: String((e && e.message) || e)});
  });
}

self.onmessage = function (event) {
  var message = event.data;
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
