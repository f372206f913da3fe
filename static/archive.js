// The format of nile.tar.gz's bytes for Pyodide's unpackArchive, for both workers (static/main.py
// checks the same in Python): "gztar" as the build writes it, or "tar" when a server sent it with
// Content-Encoding: gzip and the browser already undid that.
export function archiveFormat(bytes) {
  const head = new Uint8Array(bytes, 0, 2);
  return head[0] === 0x1f && head[1] === 0x8b ? "gztar" : "tar";
}
