// A small QR code encoder (ISO/IEC 18004): the invitation link of a table with friends, shown
// as a code a phone across the room can read. Byte mode, error correction level M, versions
// 1 to 10 (up to 213 bytes: a link is about a hundred), the mask with the lowest penalty.
// tests/site/test_qr.py checks every version and mask against the Python encoder segno.

const ECC_M = 0b00;                        // the format bits of level M
const EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
const MAX_VERSION = 10;

// ---- arithmetic in GF(256), the field of the Reed-Solomon code ----------------------------------

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = x;
  EXP[i + 255] = x;
  LOG[x] = i;
}
const times = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

/** The generator polynomial of `degree` error codewords (highest power first, leading 1 left out). */
function generator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j] ^= c;
      next[j + 1] ^= times(c, EXP[i]);
    });
    poly = next;
  }
  return poly.slice(1);
}

function errorCodewords(data, degree) {
  const gen = generator(degree);
  const rest = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    gen.forEach((g, i) => { rest[i] ^= times(g, factor); });
  }
  return rest;
}

// ---- sizes ------------------------------------------------------------------------------------------

const sizeOf = (version) => version * 4 + 17;

/** Modules left for data and error codewords once the function patterns are drawn. */
function rawModules(version) {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (v) => Math.floor(rawModules(v) / 8) - EC_PER_BLOCK[v] * BLOCKS[v];

function alignmentCentres(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let pos = sizeOf(version) - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
  return centres;
}

// ---- the bit stream -----------------------------------------------------------------------------------

function codewords(bytes, version) {
  const capacity = dataCodewords(version);
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);                                    // byte mode
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));   // terminator
  put(0, (8 - (bits.length % 8)) % 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);
  // Split into blocks (the short ones first), add each block's error codewords, interleave.
  const blocks = BLOCKS[version];
  const total = Math.floor(rawModules(version) / 8);
  const shortLength = Math.floor(total / blocks) - EC_PER_BLOCK[version];
  const shortBlocks = blocks - (total % blocks);
  const split = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const length = shortLength + (b < shortBlocks ? 0 : 1);
    const block = data.slice(at, at + length);
    at += length;
    split.push([block, errorCodewords(block, EC_PER_BLOCK[version])]);
  }
  const out = [];
  for (let i = 0; i <= shortLength; i++) for (const [block] of split) if (i < block.length) out.push(block[i]);
  for (let i = 0; i < EC_PER_BLOCK[version]; i++) for (const [, ec] of split) out.push(ec[i]);
  return out;
}

// ---- the matrix ---------------------------------------------------------------------------------------

class Matrix {
  constructor(version) {
    this.version = version;
    this.size = sizeOf(version);
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.drawFunctionPatterns();
  }

  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  drawFunctionPatterns() {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [n - 4, 3], [3, n - 4]]) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          if (x >= 0 && x < n && y >= 0 && y < n) this.set(x, y, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = alignmentCentres(this.version);
    const last = centres.length - 1;
    centres.forEach((cx, i) => centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }));
    this.drawFormat(0);
    this.drawVersion();
  }

  drawFormat(mask) {
    const data = (ECC_M << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    const n = this.size;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(n - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, n - 15 + i, bit(i));
    this.set(8, n - 8, true);
  }

  drawVersion() {
    if (this.version < 7) return;
    let rem = this.version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (this.version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  place(words) {
    const n = this.size;
    let i = 0;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let step = 0; step < n; step++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? n - 1 - step : step;
          if (this.fixed[y][x]) continue;
          if (i < words.length * 8) this.dark[y][x] = ((words[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  applyMask(mask) {
    const rule = [
      (x, y) => (x + y) % 2 === 0, (x, y) => y % 2 === 0, (x) => x % 3 === 0,
      (x, y) => (x + y) % 3 === 0, (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
      (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0, (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ][mask];
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) if (!this.fixed[y][x] && rule(x, y)) this.dark[y][x] = !this.dark[y][x];
    }
  }

  /** The standard's penalty: runs, 2x2 blocks, finder-like patterns, and the dark share. */
  penalty() {
    const n = this.size;
    let score = 0;
    const lines = [];
    for (let i = 0; i < n; i++) {
      lines.push(this.dark[i]);
      lines.push(this.dark.map((row) => row[i]));
    }
    const finder = [true, false, true, true, true, false, true];
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= n; i++) {
        if (i < n && line[i] === line[i - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      for (let i = 0; i + 7 <= n; i++) {
        if (!finder.every((dark, k) => line[i + k] === dark)) continue;
        const lightBefore = i >= 4 && [1, 2, 3, 4].every((k) => !line[i - k]);
        const lightAfter = i + 11 <= n && [7, 8, 9, 10].every((k) => !line[i + k]);
        if (lightBefore) score += 40;
        if (lightAfter) score += 40;
      }
    }
    let darkCount = 0;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (this.dark[y][x]) darkCount++;
        if (x < n - 1 && y < n - 1) {
          const c = this.dark[y][x];
          if (this.dark[y][x + 1] === c && this.dark[y + 1][x] === c && this.dark[y + 1][x + 1] === c) score += 3;
        }
      }
    }
    score += Math.floor(Math.abs(darkCount * 20 - n * n * 10) / (n * n)) * 10;
    return score;
  }
}

/**
 * The QR code of `text` (UTF-8 bytes): `{version, mask, size, dark}` where `dark[y][x]` is a
 * dark module. `mask` and `version` may be forced (the tests do); by default the smallest
 * version that holds the text and the mask with the lowest penalty.
 */
export function qrCode(text, { mask = null, version = null } = {}) {
  const bytes = new TextEncoder().encode(text);
  let v = version || 1;
  while (v <= MAX_VERSION && 4 + (v < 10 ? 8 : 16) + bytes.length * 8 > dataCodewords(v) * 8) {
    if (version) throw new RangeError(`version ${version} cannot hold ${bytes.length} bytes`);
    v++;
  }
  if (v > MAX_VERSION) throw new RangeError(`${bytes.length} bytes are too many for a QR code here`);
  const words = codewords(bytes, v);
  const make = (m) => {
    const matrix = new Matrix(v);
    matrix.place(words);
    matrix.applyMask(m);
    matrix.drawFormat(m);
    return matrix;
  };
  let best = null;
  for (const m of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const matrix = make(m);
    const score = mask === null ? matrix.penalty() : 0;
    if (!best || score < best.score) best = { score, matrix, mask: m };
  }
  return { version: v, mask: best.mask, size: best.matrix.size, dark: best.matrix.dark };
}

/** The code as an SVG element (dark modules as one path, a quiet zone of four modules). */
export function qrSvg(text, { label = "QR code" } = {}) {
  const { size, dark } = qrCode(text);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const full = size + 8;
  svg.setAttribute("viewBox", `0 0 ${full} ${full}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(full));
  back.setAttribute("height", String(full));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(ns, "path");
  let d = "";
  dark.forEach((row, y) => row.forEach((on, x) => { if (on) d += `M${x + 4} ${y + 4}h1v1h-1z`; }));
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}
