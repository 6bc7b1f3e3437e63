// The voice at a table with friends: the microphone sent over the same peer connections as
// the game, to and from the people seated (never a spectator's), played as it comes.

import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./friends-page").FriendsPage} FriendsPage */

export class Voice {
  /** @param {FriendsPage} page */
  constructor(page) {
    this.page = page;
    /** @type {MediaStream | null} */
    this.stream = null;
    /** @type {Set<string>} */
    this.sentTo = new Set();
    /** @type {Map<string, HTMLAudioElement>} */
    this.playing = new Map();
  }

  /** The peers of the people seated now (not this page's own): who hears and is heard. */
  seatedPeers() {
    const party = this.page.party;
    if (!party) return [];
    const self = party.wire?.selfId;
    return party.table().seats.flatMap((s) => (s.who !== "computer" && s.here && s.peer && s.peer !== self ? [s.peer] : []));
  }

  async toggle() {
    const button = this.page.el.voice;
    const party = this.page.party;
    const wire = party?.wire;
    if (!party || !wire) return;
    if (this.stream) {
      wire.removeStream(this.stream, [...this.sentTo].filter((p) => wire.peers().includes(p)));
      for (const track of this.stream.getTracks()) track.stop();
      this.stream = null;
      this.sentTo.clear();
      button.textContent = _("Join the voice");
      button.setAttribute("aria-pressed", "false");
      this.page.el.voiceStatus.textContent = "";
      party.voice(false);
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      this.page.el.voiceStatus.textContent = _("The microphone could not be opened ({error}).", { error: String((err instanceof Error && err.name) || err) });
      return;
    }
    button.textContent = _("Leave the voice");
    button.setAttribute("aria-pressed", "true");
    this.page.el.voiceStatus.textContent = _("You are on the voice: the others at the table hear you.");
    party.voice(true);
    this.sync();
  }

  /** Send the microphone to every seated person not yet hearing it (people sit down, come back). */
  sync() {
    const peers = this.seatedPeers();
    const wire = this.page.party?.wire;
    if (!wire) return;
    for (const peer of [...this.sentTo]) if (!wire.peers().includes(peer)) this.sentTo.delete(peer);
    if (!this.stream) return;
    const fresh = peers.filter((p) => !this.sentTo.has(p));
    fresh.forEach((p) => this.sentTo.add(p));
    wire.addStream(this.stream, fresh);
  }

  /** A peer's microphone: played when it is a seated person's, refused otherwise.
   *  @param {MediaStream} stream @param {string} peer */
  received(stream, peer) {
    if (!this.seatedPeers().includes(peer)) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let audio = this.playing.get(peer);
    if (!audio) {
      audio = el("audio", { autoplay: true, "data-voice-of": peer });
      audio.hidden = true;
      this.page.el.talk.append(audio);
      this.playing.set(peer, audio);
    }
    audio.srcObject = stream;
    audio.play().catch(() => {}); // autoplay may wait for a press on the page
  }

  /** @param {string} peer */
  left(peer) {
    const audio = this.playing.get(peer);
    if (audio) audio.remove();
    this.playing.delete(peer);
    this.sentTo.delete(peer);
  }
}
