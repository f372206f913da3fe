// nile.tar.gz into Pyodide's file system, for the page (static/pyodide-boot.js) and both workers.
// Unpacked here in JavaScript, not by Pyodide's unpackArchive: that runs Python's tarfile and gzip over the
// package's ~150 members, 80-130 ms of a first visit (issue 42); the browser's own gzip (DecompressionStream)
// and this reader take ~5-10 ms. The archive is the build's (tools/build_site.py): regular files and folders in
// ustar or pax form. Its bytes may come gzip-compressed as the build writes them, or already undone when a
// server sent them with Content-Encoding: gzip.

const BLOCK = 512;
const text = new TextDecoder();

/** @typedef {{mkdirTree(path: string): void, writeFile(path: string, data: Uint8Array): void}} FileSystem */

/**
 * A header's text field: its bytes up to the first zero.
 * @param {Uint8Array} block
 * @param {number} start
 * @param {number} length
 * @returns {string}
 */
function field(block, start, length) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return text.decode(end < 0 ? raw : raw.subarray(0, end));
}

/**
 * A pax extended header's records ("<length> <key>=<value>\n"): only the path is used.
 * @param {Uint8Array} data
 * @returns {string | null}
 */
function paxPath(data) {
  const records = text.decode(data);
  let at = 0;
  let path = null;
  while (at < records.length) {
    const space = records.indexOf(" ", at);
    const length = Number(records.slice(at, space));
    if (!(length > 0)) break;
    const record = records.slice(space + 1, at + length - 1);
    if (record.startsWith("path=")) path = record.slice(5);
    at += length;
  }
  return path;
}

/**
 * @param {ArrayBuffer} bytes the archive as fetched: gzip-compressed, or already undone
 * @returns {Promise<Uint8Array>} the tar stream
 */
async function tarBytes(bytes) {
  const head = new Uint8Array(bytes, 0, 2);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Every file of the archive written under `dir` (made if missing); how many.
 * @param {{FS: FileSystem}} pyodide a started Pyodide (only its file system is used)
 * @param {ArrayBuffer} bytes nile.tar.gz's bytes
 * @param {string} dir
 * @returns {Promise<number>}
 */
export async function unpack(pyodide, bytes, dir) {
  const tar = await tarBytes(bytes);
  const FS = pyodide.FS;
  let at = 0;
  let count = 0;
  let longName = null;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header[0] === 0) break; // the end: blocks of zeros
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") { longName = paxPath(data); continue; }
    if (type === "g") continue;
    const prefix = field(header, 345, 155);
    const name = longName || (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = null;
    if (!name || name.startsWith("/") || name.split("/").includes("..")) throw new Error(`nile.tar.gz: a member outside the package: ${name}`);
    const path = `${dir}/${name}`.replace(/\/+$/, "");
    if (type === "5") { FS.mkdirTree(path); continue; }
    if (type !== "0") continue; // links and devices: the build writes none
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
    count += 1;
  }
  return count;
}
