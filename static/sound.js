// Optional sound (issue 21): short, quiet tones made with the Web Audio API, no audio files.
// nile/web/app/paint.py calls window.nileSound.play(kind) after a move, only while the player's Sound switch
// is on (off at first); nothing here runs, and no AudioContext exists, until then.
//   "tick"  a move: one soft blip
//   "chord" a scoring (Nile) or a crossing (Kap): a quick major triad
//   "end"   the end of the game: a rising arpeggio to the octave
/** @type {AudioContext | null} */
let ctx = null;

/** @type {Record<string, Array<[number, number, number]> | undefined>} a kind's notes: [Hz, start s, length s] */
const NOTES = { tick: [[880, 0, 0.05]], chord: [[523.25, 0, 0.35], [659.25, 0.03, 0.35], [783.99, 0.06, 0.35]],
  end: [[523.25, 0, 0.25], [659.25, 0.12, 0.25], [783.99, 0.24, 0.25], [1046.5, 0.36, 0.5]] };

/** @param {string} kind "tick", "chord" or "end" */
function play(kind) {
  const notes = NOTES[kind];
  if (!notes) return;
  try {
    if (!ctx) ctx = new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === "suspended") ctx.resume();
    const now = ctx.currentTime;
    for (const [freq, at, length] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at); // quiet: a peak of 6 % of full scale, then away
      gain.gain.exponentialRampToValueAtTime(kind === "tick" ? 0.04 : 0.06, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + length + 0.02);
    }
  } catch (error) {
    console.error("sound", error); // a page without sound still plays
  }
}

window.nileSound = { play };
