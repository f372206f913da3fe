// One game, one tab (issue 23): exactly one tab of this browser plays a given game at a time.
// nile/web/app/conditions.py calls window.nileTabs.open(gid, steal, tell) when a game opens in this tab and
// close() when it leaves it; this module holds the Web Lock "nile:game:<gid>" meanwhile (released
// by the browser when the tab closes or crashes) and tells Python what happened, as tell(gid, news):
//   "held"      this tab plays the game (it got the lock: at once, or by Take over);
//   "elsewhere" another tab had it open first: this one only shows it (and queues for the lock);
//   "lost"      another tab took it over ({steal: true}: our held promise rejects): show it only;
//   "freed"     the tab that played it let it go (went home, closed): this one plays it now.
// open(gid, true, tell) is Take over: it steals the lock from whichever tab holds it.
// Where the browser has no Web Locks (navigator.locks: every browser since 2022 has it, in a
// secure context), open() returns false and the page relies on the storage event instead: a tab
// that sees another tab write its open game shows it read-only from then on (nile/web/controller.py).
// No game logic lives here.

const LOCKS = navigator.locks && typeof navigator.locks.request === "function" ? navigator.locks : null;
/** @typedef {{closed: boolean, abort: AbortController, release: () => void}} Session */
/** @type {Session | null} */
let current = null; // the open game's session: {closed, abort, release}

function close() {
  const session = current;
  current = null;
  if (!session) return;
  session.closed = true;
  session.abort.abort(); // a request still queued is dropped
  session.release(); // a lock held is let go
}

/**
 * @param {string} gid the game's id
 * @param {boolean} steal Take over: the lock from whichever tab holds it
 * @param {(gid: string, news: NileTabNews) => void} tell Python's
 * @returns {boolean} whether this browser has Web Locks
 */
function open(gid, steal, tell) {
  close();
  if (!LOCKS) return false;
  /** @type {() => void} */
  let release = () => {};
  /** @type {Session} */
  const session = { closed: false, abort: new AbortController(), release: () => release() };
  current = session;
  const name = "nile:game:" + gid;
  const say = (/** @type {NileTabNews} */ news) => { if (!session.closed) tell(gid, news); };
  /** @returns {Promise<void>} */
  const hold = () => new Promise((resolve) => { release = resolve; }); // held until close()
  const granted = (/** @type {NileTabNews} */ news) => () => {
    if (session.closed) return undefined;
    say(news);
    return hold();
  };
  // queue for the lock: granted when the tab that holds it lets it go
  const wait = () => LOCKS.request(name, { signal: session.abort.signal }, granted("freed")).then(null, lost);
  /** @param {unknown} error */
  function lost(error) {
    if (session.closed) return; // our own close() aborted a queued request
    if (/** @type {{name?: unknown} | null | undefined} */ (error)?.name !== "AbortError") {
      console.warn("game lock unavailable:", error);
      return;
    }
    say("lost"); // another tab's Take over stole the lock we held
    wait();
  }
  const request = steal
    ? LOCKS.request(name, { steal: true }, granted("held"))
    : LOCKS.request(name, { ifAvailable: true }, (lock) => {
      if (session.closed) return undefined;
      if (lock) return granted("held")();
      say("elsewhere");
      wait();
      return undefined;
    });
  request.then(null, lost);
  return true;
}

window.nileTabs = { open, close, supported: LOCKS !== null };
