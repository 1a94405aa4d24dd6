// The network of an online game (docs/online.md): a room of Trystero's, as thin as it can be.
//
// Why a classic script that imports nothing at load: a game that is not online must send
// nothing to any outside host. Trystero (vendor/trystero/, its Nostr strategy) is imported
// only when Python opens a room (window.rattusOnline.open), and only then do its sockets reach
// the relays. Everything said in the room is text that Python reads and checks
// (web/online/messages.py); this file only carries it, with the peer it came from.
//
// The relays are where browsers find each other (signalling): the game's messages go straight
// between the browsers over WebRTC, encrypted with the room's password (from the link's "#"
// part, which no server sees). Only between two devices that WebRTC cannot connect do they go
// through the relays, encrypted with a key from the same password (relay(), below). The relays
// are a setting: the address parameter ?relays=wss://a,wss://b, else Trystero's public Nostr
// relays; so are the ICE servers (?ice=…, and TURN servers kept on the device). A browser
// without WebRTC (canConnectDirectly) plays through the relays alone.
(function () {
  "use strict";
  var APP = "rattus-in-the-browser";
  var CHECK_MS = [1500, 4000, 10000];  // when the relays' sockets are looked at

  // Whether this browser can make a WebRTC connection at all: a privacy setting or a
  // hardened browser may remove RTCPeerConnection (or make Trystero's room throw as it
  // opens, below). Without it the room has no direct way, and every device is reached
  // through the relays (relay(), below). (No connection is made just to ask.)
  function canConnectDirectly() {
    return typeof window.RTCPeerConnection === "function";
  }

  // The relay way's handle once it is open (its sockets say whether the relays are reached
  // when there is no Trystero room to ask).
  var relayWay = null;

  function open(settings, onMessage, onPeer, onRelays) {
    return import("./vendor/trystero/index.mjs").then(function (trystero) {
      if (!canConnectDirectly()) { return relayOnly(trystero, onRelays); }
      var config = {appId: APP, password: settings.password};
      if (settings.relays && settings.relays.length) {
        config.relayConfig = {urls: Array.from(settings.relays)};
      }
      // The link's ICE servers replace Trystero's STUN servers ("none": host candidates only,
      // a local network, the tests); each is {urls, username?, credential?} (online/links.py).
      if (settings.ice) {
        config.rtcConfig = {iceServers: settings.ice === "none" ? [] : iceServers(settings.ice)};
      }
      // The TURN servers kept on this device are added to Trystero's STUN servers.
      if (settings.turn && settings.turn.length) { config.turnConfig = iceServers(settings.turn); }
      var room;
      try {
        room = trystero.joinRoom(config, settings.room);
      } catch (e) {  // (WebRTC there, but switched off: it throws)
        console.warn("online: no direct connections here: " + e);
        return relayOnly(trystero, onRelays);
      }
      var channel = room.makeAction("rattus");
      channel.onMessage = function (data, context) {
        onMessage(context.peerId, typeof data === "string" ? data : "");
      };
      room.onPeerJoin = function (peer) { onPeer(peer, true); };
      room.onPeerLeave = function (peer) { onPeer(peer, false); };
      var timers = checkRelays(function () {
        var sockets = trystero.getRelaySockets ? trystero.getRelaySockets() : {};
        return Object.keys(sockets).map(function (u) { return sockets[u]; });
      }, onRelays);
      return {
        self: trystero.selfId,
        direct: true,
        // text to one peer (null: to every peer in the room)
        send: function (peer, text) {
          return channel.send(text, peer ? {target: peer} : undefined).catch(function () {});
        },
        reset: function () { return reset(room, timers); },
        leave: function () {
          timers.forEach(clearTimeout);
          return room.leave();
        },
      };
    });
  }

  // The relays' sockets looked at CHECK_MS after the room opened: reached or not, said when
  // it changes (sockets(): the WebSockets to look at; null while they are not made yet,
  // which is said only at the last look).
  function checkRelays(sockets, onRelays) {
    var said = null;
    return CHECK_MS.map(function (ms, i) {
      return setTimeout(function () {
        var all = sockets();
        if (all === null && i < CHECK_MS.length - 1) { return; }
        all = all || [];
        var open = all.filter(function (socket) { return socket && socket.readyState === 1; });
        var state = open.length ? "ok" : "unreachable";
        if (state !== said) { said = state; onRelays(state, open.length, all.length); }
      }, ms);
    });
  }

  // A room with no direct way (no WebRTC in this browser): nothing to join in Trystero; the
  // relay way, which Python opens beside it, carries everything, and its sockets are the
  // ones that say whether the relays are reached.
  function relayOnly(trystero, onRelays) {
    var timers = checkRelays(function () {
      return relayWay ? relayWay.sockets() : null;
    }, onRelays);
    var stop = function () { timers.forEach(clearTimeout); return Promise.resolve(); };
    return {
      self: trystero.selfId,
      direct: false,
      send: function () { return Promise.resolve(); },
      reset: stop,
      leave: stop,
    };
  }

  // A stalled room opened anew (browser/online_room.py): leave it, then close every peer
  // connection it had — Trystero keeps a connection to a peer for other rooms after a leave
  // (its shared peers), and a stalled one would be taken up again by the next join.
  function reset(room, timers) {
    timers.forEach(clearTimeout);
    var connections = Object.values(room.getPeers());
    return room.leave().then(function () {
      connections.forEach(function (pc) { try { pc.close(); } catch (e) { /* closed */ } });
    });
  }

  function iceServers(list) {
    return Array.from(list).map(function (server) {
      var out = {urls: String(server.urls)};
      if (server.username) { out.username = String(server.username); }
      if (server.credential) { out.credential = String(server.credential); }
      return out;
    });
  }

  // The relays as the way of last resort (web/online_relay.js, loaded with the room): pieces
  // of messages for the devices WebRTC could not connect (web/online/relay_link.py decides).
  function relay(settings, onPiece) {
    return import("./online_relay.js").then(function (module) {
      return module.openRelay({appId: APP, room: settings.room, password: settings.password,
                               relays: settings.relays}, onPiece);
    }).then(function (handle) {
      relayWay = handle;
      var leave = handle.leave;  // (a room left: its closed sockets say nothing of the next)
      handle.leave = function () { if (relayWay === handle) { relayWay = null; } return leave(); };
      return handle;
    });
  }

  // An invitation's QR code as SVG markup (qrcode-generator, loaded on first use).
  var qrLoaded = null;
  function qr(text) {
    if (!qrLoaded) {
      qrLoaded = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = new URL("./vendor/qrcode/qrcode.js", document.baseURI).href;
        script.onload = resolve;
        script.onerror = reject;
        document.head.appendChild(script);
      });
    }
    return qrLoaded.then(function () {
      var code = window.qrcode(0, "M");
      code.addData(text);
      code.make();
      return code.createSvgTag({cellSize: 4, margin: 2, scalable: true});
    });
  }

  // This device's turn has come (the player asked for it to be heard): a short tone and a
  // vibration where the device has one. The tone needs no file: an oscillator of the page's
  // own. window.rattusTurnAlerts counts them (the tests).
  var audio = null;
  function turnAlert() {
    window.rattusTurnAlerts = (window.rattusTurnAlerts || 0) + 1;
    if (navigator.vibrate) { navigator.vibrate([120, 80, 120]); }
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    try {
      audio = audio || new Context();
      if (audio.state === "suspended") { audio.resume(); }
      var tone = audio.createOscillator(), gain = audio.createGain(), now = audio.currentTime;
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start(now);
      tone.stop(now + 0.4);
    } catch (e) { /* no sound here: the title and the vibration still tell */ }
  }

  window.rattusOnline = {open: open, relay: relay, qr: qr, turnAlert: turnAlert};
})();
