// The relays as the way of last resort (docs/online.md): pieces of an online game's messages
// as Nostr events, for devices that WebRTC could not connect directly.
//
// Why this file is small: what to send, when, and how pieces make messages is decided in
// Python (web/online/relay_link.py, tested on CPython). This module only
//  * derives the room's key from its password (PBKDF2 -> AES-GCM key and the topic, so the
//    relays see neither the room's name nor its password, and no outsider can read or forge);
//  * encrypts each piece (AES-GCM, random IV; the topic as additional data) and signs its
//    event with a key made for this page (Schnorr, @noble/secp256k1: the library Trystero
//    signs with), as an ephemeral event (kind 20000-29999: relays pass it on, keep nothing);
//  * carries events over its own sockets to the relays Trystero uses (Trystero's makeSocket:
//    reconnection with backoff), and hands each verified, decrypted piece to Python with the
//    key that signed it. Anything that fails its signature or its authentication is dropped.
// It is imported by web/online.js only when a room opens: a game that is not online opens
// nothing.
import {makeSocket, getRelays, genId, toHex, selfId} from "./vendor/trystero/core/index.mjs";
import {defaultRelayUrls} from "./vendor/trystero/index.mjs";
import {schnorr, etc} from "./vendor/trystero/noble/index.js";

const KIND = 24133;  // ephemeral: within 20000-29999 (NIP-01), not stored by relays
const ITERATIONS = 100000;
const SEEN = 4096;  // event ids remembered (the same event arrives from every relay)
const enc = new TextEncoder(), dec = new TextDecoder();

const b64 = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const sha256 = async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));

// The room's AES-GCM key and topic, from its password (which only the link's "#" carried).
export async function roomKey(room, password) {
  const base = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false,
                                             ["deriveBits"]);
  const bits = new Uint8Array(await crypto.subtle.deriveBits(
    {name: "PBKDF2", hash: "SHA-256", salt: enc.encode("rattus relay " + room),
     iterations: ITERATIONS}, base, 384));
  const key = await crypto.subtle.importKey("raw", bits.slice(0, 32), "AES-GCM", false,
                                            ["encrypt", "decrypt"]);
  return {key, topic: toHex(bits.slice(32, 48))};
}

// One piece as a signed Nostr event (NIP-01: its id the hash of its fields, signed by the
// page's key), its content the piece encrypted with the room's key (random IV first).
export async function sealEvent({key, topic}, secretKey, text) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(
    {name: "AES-GCM", iv, additionalData: enc.encode(topic)}, key, enc.encode(text)));
  const pubkey = toHex(schnorr.getPublicKey(secretKey));
  const event = {kind: KIND, tags: [["x", topic]], created_at: Math.floor(Date.now() / 1000),
                 content: b64(new Uint8Array([...iv, ...sealed])), pubkey};
  const id = await sha256(JSON.stringify([0, pubkey, event.created_at, KIND, event.tags,
                                          event.content]));
  event.id = toHex(id);
  event.sig = toHex(await schnorr.signAsync(id, secretKey));
  return event;
}

export async function openRelay(settings, onPiece) {
  const room = await roomKey(settings.room, settings.password);
  const {key, topic} = room;
  const aad = enc.encode(topic);
  const {secretKey, publicKey} = schnorr.keygen();  // this page's throwaway identity
  const me = toHex(publicKey);
  const urls = getRelays({appId: settings.appId, relayConfig: settings.relays && settings.relays.length ?
    {urls: Array.from(settings.relays)} : undefined}, defaultRelayUrls, 5, true);
  const subId = genId(32);
  const req = JSON.stringify(["REQ", subId, {kinds: [KIND], "#x": [topic],
                                             since: Math.floor(Date.now() / 1000) - 5}]);
  const seen = new Set();
  const stats = {sent: 0, received: 0, refused: 0, rejected: 0};
  window.rattusRelayStats = stats;  // (the tests and the benchmark read it)
  let incoming = Promise.resolve();  // one piece after another: their order is kept

  async function take(event) {
    if (seen.has(event.id)) { return; }  // (the same event from another relay)
    // the event's id is the hash of its fields (NIP-01), signed by its key; then the room's key
    const id = await sha256(JSON.stringify([0, event.pubkey, event.created_at, event.kind,
                                            event.tags, event.content]));
    if (toHex(id) !== event.id || !(await schnorr.verifyAsync(etc.hexToBytes(event.sig), id,
                                                            etc.hexToBytes(event.pubkey)))) {
      stats.rejected += 1;
      return;
    }
    seen.add(event.id);  // (only a signed event: a forged copy cannot shadow the real one)
    if (seen.size > SEEN) { seen.delete(seen.values().next().value); }
    const sealed = unb64(event.content);
    const plain = await crypto.subtle.decrypt(
      {name: "AES-GCM", iv: sealed.slice(0, 12), additionalData: aad}, key, sealed.slice(12));
    stats.received += 1;
    onPiece(event.pubkey, dec.decode(plain));
  }

  function onMessage(data) {
    let msg;
    try { msg = JSON.parse(data); } catch (e) { return; }
    if (!Array.isArray(msg)) { return; }
    if (msg[0] === "OK" && msg[2] === false) { stats.refused += 1; return; }  // e.g. rate-limited
    const event = msg[2];
    if (msg[0] !== "EVENT" || msg[1] !== subId || !event || typeof event !== "object" ||
        event.kind !== KIND || event.pubkey === me || typeof event.content !== "string" ||
        seen.has(event.id)) { return; }
    incoming = incoming.then(() => take(event)).catch(() => { stats.rejected += 1; });
  }

  const clients = urls.map((url) => {
    const client = makeSocket(url, onMessage, () => client.send(req));  // again on reconnect
    client.ready.then(() => client.send(req));
    return client;
  });

  let outgoing = Promise.resolve();  // published in the order Python gave them
  async function seal(text) {
    const frame = JSON.stringify(["EVENT", await sealEvent(room, secretKey, text)]);
    clients.forEach((client) => client.send(frame));
    stats.sent += 1;
  }

  return {
    self: me,
    trystero: selfId,
    // one piece (Python's text) as one event to every relay
    publish: (text) => (outgoing = outgoing.then(() => seal(text)).catch(() => {})),
    leave: () => outgoing.then(() => clients.forEach((client) => client.close())),
    // the WebSockets to the relays now (whether they are reached: web/online.js)
    sockets: () => clients.map((client) => client.socket),
  };
}
