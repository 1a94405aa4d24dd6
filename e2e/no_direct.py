"""A page that can make no direct (WebRTC) connection, as between two phones behind
carrier-grade NATs without a TURN server: e2e/test_online_fallback.py and
tools/bench_online.py add :data:`NO_DIRECT` as an init script to such a device's page."""

#: No ICE candidate leaves this page, and none reaches it: no direct connection can form.
NO_DIRECT = r"""(() => {
  const Native = window.RTCPeerConnection;
  const strip = (d) => d && d.sdp ? {type: d.type, sdp: d.sdp.split("\r\n")
    .filter((line) => !line.startsWith("a=candidate")).join("\r\n")} : d;
  const described = (name) => {
    const native = Object.getOwnPropertyDescriptor(Native.prototype, name);
    return {get() { return strip(native.get.call(this)); }, configurable: true};
  };
  class NoDirect extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("icecandidate", (e) => {
        if (e.candidate) { e.stopImmediatePropagation(); }
      });
      window.rattusNoDirect = (window.rattusNoDirect || 0) + 1;
    }
    set onicecandidate(handler) {
      super.onicecandidate = handler && ((e) => { if (!e.candidate) handler(e); });
    }
    get onicecandidate() { return super.onicecandidate; }
    setRemoteDescription(d) { return super.setRemoteDescription(strip(d)); }
    addIceCandidate() { return Promise.resolve(); }
  }
  for (const name of ["localDescription", "currentLocalDescription", "pendingLocalDescription"]) {
    Object.defineProperty(NoDirect.prototype, name, described(name));
  }
  window.RTCPeerConnection = NoDirect;
})();"""
