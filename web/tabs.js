// Which game each open tab plays, so that two tabs never silently overwrite one game.
//
// Why in a classic script, before Python: a new tab must know which games the other tabs
// have open when Python starts (to pick a game no other tab plays, or to say that this one is
// played elsewhere), and the answers take a moment. Asking here, at page load, means they are
// in long before Python is up: no wait added to the start.
//
// One BroadcastChannel ("rattus.tabs"); every message says which tab sent it (a random id for
// this page load: a reload or a duplicated tab is a new tab) and the game it plays (or null):
//   who   a tab opened: every tab answers with "mine";
//   mine  the game this tab plays;
//   hold  this tab now plays this game (null: none). Two tabs that both started the same game
//         at once (neither knew of the other yet): the one that held it first keeps it;
//   take  this tab takes this game over: a tab that played it stops (it is told why);
//   gone  this tab is closing or reloading.
// The Python side (web/browser/tabs.py) reads window.rattusTabs.
(function () {
  "use strict";
  var me = Math.random().toString(36).slice(2) + Date.now().toString(36);
  var mine = null;        // the game this tab plays
  var since = 0;          // when it began to play it (for two tabs that start it at once)
  var others = {};        // tab id -> the game it plays
  var lost = null;        // the Python callback: this tab's game is played elsewhere now
  var channel = null;
  try { channel = new BroadcastChannel("rattus.tabs"); } catch (e) { channel = null; }

  function post(type, game, at) {
    if (channel) { channel.postMessage({type: type, from: me, game: game, since: at || 0}); }
  }
  function lose(why) {
    var game = mine;
    mine = null;
    if (lost && game !== null) { lost(game, why); }
  }
  function receive(event) {
    var m = event.data || {};
    if (typeof m.from !== "string" || m.from === me) { return; }
    if (m.type === "who") {
      post("mine", mine, since);
    } else if (m.type === "mine" || m.type === "hold" || m.type === "take") {
      others[m.from] = typeof m.game === "string" ? m.game : null;
      if (mine !== null && m.game === mine) {
        if (m.type === "take") {
          lose("taken");
        } else if (m.since < since || (m.since === since && m.from < me)) {
          lose("open");  // the other tab played it first
        } else if (m.type === "hold") {
          post("mine", mine, since);  // this tab played it first: the other one learns so
        }
      }
    } else if (m.type === "gone") {
      delete others[m.from];
    }
  }
  if (channel) { channel.onmessage = receive; }
  post("who", null, 0);
  window.addEventListener("pagehide", function () { post("gone", null, 0); });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {  // back from the back/forward cache: announce again, as new
      since = Date.now();
      post("who", null, 0);
      post("hold", mine, since);
    }
  });

  window.rattusTabs = {
    // the games the other tabs play (a list of ids)
    elsewhere: function () {
      var out = [];
      Object.keys(others).forEach(function (tab) {
        if (others[tab] !== null && out.indexOf(others[tab]) < 0) { out.push(others[tab]); }
      });
      return out;
    },
    // this tab plays ``game`` (null: none); ``take``: the others must stop playing it
    play: function (game, take) {
      mine = game;
      since = Date.now();
      post(take ? "take" : "hold", game, since);
    },
    // ``callback(game, why)``: "taken" (another tab took it over) or "open" (it had it first)
    onLost: function (callback) { lost = callback; }
  };
})();
