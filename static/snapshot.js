// A returning player's Python starts from a memory snapshot (issue 23, a fast start): the heap of a
// Pyodide that had already imported Nile's modules, made once per build in a worker while the player
// plays (static/snapshot-worker.js) and kept in this browser's Cache Storage. Restoring it skips
// starting Python and importing the game (the most of a warm start after the interpreter's own
// download and compilation). The snapshot is named by what it was made from: Pyodide's version and
// nile.tar.gz's bytes (SHA-256), so a snapshot of another version is never used, and the one entry kept
// is replaced when the version changes. Pyodide's snapshot API is private (`_makeSnapshot`,
// `_loadSnapshot`, `makeMemorySnapshot`): anything that goes wrong drops the snapshot and starts as
// before (static/pyodide-boot.js). No game logic here.
export const CACHE = "pyodide-snapshot"; // not "nile-…": the service worker's cleaning leaves it alone
export const OFF_KEY = "nile:no-snapshot"; // localStorage: never use nor make one (tests, a player's escape)

/**
 * The snapshot's name: a URL in this site's origin made of Pyodide's version and the archive's digest.
 * @param {ArrayBuffer} archive nile.tar.gz's bytes
 * @param {string} pyodideVersion
 * @returns {Promise<string>}
 */
export async function snapshotKey(archive, pyodideVersion) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
  const hex = [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`./snapshot/${pyodideVersion}/${hex}`, self.location.origin).href;
}

/** @returns {boolean} whether this browser asks for no snapshot (OFF_KEY) */
export function switchedOff() {
  try {
    // (the workers import this module too: a worker has no localStorage)
    const storage = /** @type {{localStorage?: {getItem(key: string): string | null}}} */ (globalThis).localStorage;
    return storage !== undefined && storage.getItem(OFF_KEY) === "1";
  } catch {
    return false; // storage blocked
  }
}

/**
 * @param {string} key as snapshotKey made it
 * @returns {Promise<Uint8Array | null>} the snapshot kept under that key, if any
 */
export async function readSnapshot(key) {
  if (typeof caches === "undefined") return null;
  const hit = await (await caches.open(CACHE)).match(key);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/**
 * The snapshot kept under `key`, in place of any other.
 * @param {string} key
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<void>}
 */
export async function storeSnapshot(key, bytes) {
  const cache = await caches.open(CACHE);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
  await cache.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
}

/** @returns {Promise<void>} */
export async function dropSnapshots() {
  if (typeof caches !== "undefined") await caches.delete(CACHE);
}
