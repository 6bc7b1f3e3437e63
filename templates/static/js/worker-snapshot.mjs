// The engine worker's memory snapshots (worker.mjs), kept and read back; it depends on nothing
// else of the worker: worker-start.mjs restores what `open` gives it.

/** @typedef {{size: number, read: (into: Uint8Array, at: number) => number, close: () => void}} SnapshotSource */
/** @typedef {{length: number, fill: (memory: Uint8Array) => Promise<Uint8Array>, close: () => void}} OpenedSnapshot */
/** What the store needs of runtime.json (worker-start.mjs's Runtime): the site's address and the key.
 *  @typedef {{base?: string, snapshotKey: string | null}} SnapshotPlace */

// ---- Memory snapshots ------------------------------------------------------------------------
// A snapshot is Python's whole memory right after the engine was imported (31 MB, about 12 MB
// kept: see packPages), stored in the origin private file system (OPFS), in a folder for this
// site, under a key the build derives from every runtime file and the engine (runtime.json
// "snapshot.key"): a new Pyodide, standard library or engine never meets an old snapshot, and
// saving one deletes the site's older ones. OPFS rather than Cache Storage: while a new tab
// opens, the service worker serves the page and the runtime from Cache Storage, and a snapshot
// read from there finished 100 ms later (the engine was ready 36 ms later, median of 12).
// It uses Pyodide's private `_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`, so every
// step may fail: then the cold start runs, as it does without OPFS (plain http outside
// localhost), under Save-Data, or when the runtime names no key.

export class SnapshotStore {
  /** @param {SnapshotPlace} runtime */
  static open(runtime) {
    if (!runtime.snapshotKey || !(self.navigator && navigator.storage && navigator.storage.getDirectory)) return null;
    if (navigator.connection && navigator.connection.saveData) return null;
    return new SnapshotStore(runtime);
  }

  /** @param {SnapshotPlace} runtime */
  constructor(runtime) {
    // One folder per site: several sites may share an origin, each under its own path.
    this.folder = "python-snapshot" + new URL(".", runtime.base).pathname.replace(/[^A-Za-z0-9_-]+/g, "_");
    this.name = runtime.snapshotKey + ".bin";
  }

  /** @param {boolean} create */
  async directory(create = false) {
    return (await navigator.storage.getDirectory()).getDirectoryHandle(this.folder, { create });
  }

  /**
   * The kept snapshot, opened: {length} of the memory it restores, read from its header at
   * once, and fill(memory) that reads its pages into place (memory: that many zero bytes) and
   * closes it; close() when it is not used after all. Null when none is kept.
   * The pages are read separately so that Pyodide can fetch and compile its wasm meanwhile:
   * it needs only the memory's size to create its module, and its contents once it is made.
   * @returns {Promise<OpenedSnapshot | null>}
   */
  async open() {
    let file;
    try {
      file = await (await this.directory()).getFileHandle(this.name);
    } catch {
      return null;
    }
    /** @type {SnapshotSource} */
    let source;
    try {
      // The synchronous handle reads straight into place, without a copy through a Blob.
      const handle = await file.createSyncAccessHandle();
      source = { size: handle.getSize(), read: (into, at) => handle.read(into, { at }), close: () => handle.close() };
    } catch {
      // Another tab holds the file: read a copy.
      const copy = new Uint8Array(await (await file.getFile()).arrayBuffer());
      source = { size: copy.length, read: (into, at) => readCopy(copy, into, at), close: () => {} };
    }
    try {
      return openPacked(source);
    } catch (err) {
      source.close();
      throw err;
    }
  }

  /** @param {Uint8Array} bytes */
  async save(bytes) {
    const directory = await this.directory(true);
    const packed = packPages(bytes);
    // Written under a temporary name, then renamed, so a reader never sees half a snapshot
    // (where handles cannot move, written in place: a torn snapshot fails to unpack).
    /** @type {FileSystemFileHandle & {move?: (into: FileSystemDirectoryHandle, name: string) => Promise<void>}} */
    const part = await directory.getFileHandle(this.name + ".part", { create: true });
    const target = part.move ? part : await directory.getFileHandle(this.name, { create: true });
    const handle = await target.createSyncAccessHandle();
    try {
      handle.truncate(0);
      handle.write(packed, { at: 0 });
      handle.flush();
    } finally {
      handle.close();
    }
    if (target === part && part.move) await part.move(directory, this.name);
    for await (const name of directory.keys()) {
      if (name !== this.name) await directory.removeEntry(name).catch(() => {});
    }
  }

  async forget() {
    try {
      await (await this.directory()).removeEntry(this.name);
    } catch {
      // nothing to delete
    }
  }
}

// Most of a snapshot is zeros (memory Python never touched: about 19 of 31 MB), and reading it
// back is the slowest step of a restore. So it is kept without its all-zero pages:
//   "PYSNAP1\0", u32 memory length, u32 page size, u32 page count, one byte per page (1: kept),
//   then the kept pages in order.
const PACK_MAGIC = "PYSNAP1\0";
const PACK_PAGE = 64 * 1024;

/** @param {Uint8Array} bytes */
function packPages(bytes) {
  const count = Math.ceil(bytes.length / PACK_PAGE);
  const kept = new Uint8Array(count);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  for (let page = 0; page < count; page++) {
    const end = Math.min((page + 1) * PACK_PAGE, bytes.length);
    for (let i = (page * PACK_PAGE) / 4; i < end / 4; i++) {
      if (words[i] !== 0) {
        kept[page] = 1;
        break;
      }
    }
    if (!kept[page] && bytes.length % 4 && end === bytes.length) kept[page] = 1; // ragged tail
  }
  const head = 8 + 12 + count;
  const pages = kept.reduce((n, k) => n + k, 0);
  const out = new Uint8Array(head + pages * PACK_PAGE);
  out.set(new TextEncoder().encode(PACK_MAGIC), 0);
  new DataView(out.buffer).setUint32(8, bytes.length, true);
  new DataView(out.buffer).setUint32(12, PACK_PAGE, true);
  new DataView(out.buffer).setUint32(16, count, true);
  out.set(kept, 20);
  let at = head;
  for (let page = 0; page < count; page++) {
    if (!kept[page]) continue;
    const chunk = bytes.subarray(page * PACK_PAGE, Math.min((page + 1) * PACK_PAGE, bytes.length));
    out.set(chunk, at);
    at += PACK_PAGE;
  }
  return out.subarray(0, at);
}

const FILL_STEP_PAGES = 32;

/** A promise of the next turn of the event loop (a task, not a microtask).
 *  @returns {Promise<void>} */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** @param {Uint8Array} copy @param {Uint8Array} into @param {number} at */
function readCopy(copy, into, at) {
  const part = copy.subarray(at, at + into.length);
  into.set(part);
  return part.length;
}

/** A packed snapshot's header, checked, and fill(memory) to read its kept pages into place.
 *  @param {SnapshotSource} source @returns {OpenedSnapshot} */
function openPacked(source) {
  const head = new Uint8Array(20);
  if (source.read(head, 0) !== head.length || new TextDecoder().decode(head.subarray(0, 8)) !== PACK_MAGIC) {
    throw new Error("not a packed snapshot");
  }
  const view = new DataView(head.buffer);
  const [length, size, count] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(16, true)];
  const kept = new Uint8Array(count);
  if (size !== PACK_PAGE || count !== Math.ceil(length / size) || source.read(kept, 20) !== count) {
    throw new Error("a truncated snapshot");
  }
  const pages = kept.reduce((n, k) => n + k, 0);
  if (source.size !== 20 + count + pages * size) throw new Error("a truncated snapshot");
  let open = true;
  const close = () => {
    if (open) source.close();
    open = false;
  };
  // Read in steps of at most 2 MB, each its own task, so that the wasm's bytes, arriving at the
  // same time, are taken in between.
  /** @param {Uint8Array} memory */
  const fill = async (memory) => {
    try {
      let at = 20 + count;
      for (let page = 0; page < count;) {
        if (!kept[page]) {
          page++;
          continue;
        }
        let end = page + 1; // a run of kept pages: one read
        while (end < count && kept[end] && end - page < FILL_STEP_PAGES) end++;
        const into = memory.subarray(page * size, Math.min(end * size, length));
        if (source.read(into, at) !== into.length) throw new Error("a truncated snapshot");
        at += (end - page) * size;
        page = end;
        await nextTask();
      }
      return memory;
    } finally {
      close();
    }
  };
  return { length, fill, close };
}
