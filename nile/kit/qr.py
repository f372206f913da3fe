"""A QR code drawn as SVG markup, for a link passed from one device to another (issue 44): no dependency, no
network, the same picture in CPython and in Pyodide.

Byte mode, one segment, error correction level M (15 % of the code may be damaged or covered) by default,
the smallest version (1–40) that holds the text, the mask the standard's penalty rules choose (ISO/IEC 18004,
section 7.8.3). A link of some 700 characters makes a version 21 code (101 modules a side). The tables of
error-correction blocks and the layout follow the standard; ``tests/web/test_qr.py`` checks every version (and a
link's version at every level) module for module against the ``segno`` package, a test-only dependency. (A mask is chosen with
the format bits drawn, as the symbol will be printed; segno chooses before drawing them, so for some texts
the two pick different masks: both are standard codes.)

    qr_matrix(b"...")          rows of booleans (True: a dark module), without the quiet zone
    qr_svg("https://...", "A code for this link")   one <svg> with one <path>, the quiet zone around it
"""

from __future__ import annotations

from .markup import esc

#: error correction levels: (the level's two format bits, its row in the tables below)
LEVELS = {"L": (1, 0), "M": (0, 1), "Q": (3, 2), "H": (2, 3)}
# error-correction codewords per block, and blocks, by level (L, M, Q, H) and version (index 0 unused)
_ECC_PER_BLOCK = (
    (-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30,
     30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    (-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28,
     28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    (-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30,
     30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    (-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30,
     30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
)
_BLOCKS = (
    (-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19,
     19, 20, 21, 22, 24, 25),
    (-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
     35, 37, 38, 40, 43, 45, 47, 49),
    (-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43,
     45, 48, 51, 53, 56, 59, 62, 65, 68),
    (-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51,
     54, 57, 60, 63, 66, 70, 74, 77, 81),
)
#: the eight masks (section 7.8.2): whether the module at column x, row y is flipped
_MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


class TooLong(ValueError):
    """More bytes than a version 40 code holds at this level."""


def _raw_modules(version: int) -> int:
    """The modules of a version left for data and error correction once every pattern is drawn."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        result -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            result -= 36
    return result


def _data_codewords(version: int, row: int) -> int:
    return _raw_modules(version) // 8 - _ECC_PER_BLOCK[row][version] * _BLOCKS[row][version]


def _alignments(version: int) -> list[int]:
    """The rows (and columns) of the alignment patterns' centres."""
    if version == 1:
        return []
    aligns = version // 7 + 2
    step = (version * 8 + aligns * 3 + 5) // (aligns * 4 - 4) * 2
    size = version * 4 + 17
    return [6, *reversed([size - 7 - i * step for i in range(aligns - 1)])]


def _gf_multiply(x: int, y: int) -> int:
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_multiply(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_multiply(coef, factor)
    return result


def _codewords(data: bytes, version: int, row: int) -> list[int]:
    """The data's bits (byte mode), padded, split in blocks with their error correction, interleaved."""
    bits: list[int] = []

    def put(value: int, count: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(count)))

    put(0b0100, 4)
    put(len(data), 8 if version < 10 else 16)
    for byte in data:
        put(byte, 8)
    capacity = _data_codewords(version, row) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    blocks, ecc_len = _BLOCKS[row][version], _ECC_PER_BLOCK[row][version]
    raw = _raw_modules(version) // 8
    short = blocks - raw % blocks
    short_len = raw // blocks
    divisor = _rs_divisor(ecc_len)
    out_blocks = []
    k = 0
    for i in range(blocks):
        chunk = words[k:k + short_len - ecc_len + (0 if i < short else 1)]
        k += len(chunk)
        ecc = _rs_remainder(chunk, divisor)
        if i < short:
            chunk = [*chunk, 0]
        out_blocks.append(chunk + ecc)
    result = []
    for i in range(len(out_blocks[0])):
        for j, block in enumerate(out_blocks):
            if i != short_len - ecc_len or j >= short:  # (the short blocks' place holder)
                result.append(block[i])
    return result


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        self.set(x, y, max(abs(dx), abs(dy)) not in (2, 4))
        places = _alignments(self.version)
        last = len(places) - 1
        for i, cy in enumerate(places):
            for j, cx in enumerate(places):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # the finder patterns are there
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0, 0)  # reserved now, drawn for real with the mask
        if self.version >= 7:
            rem = self.version
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.version << 12 | rem
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.set(a, b, bit)
                self.set(b, a, bit)

    def format_bits(self, level_bits: int, mask: int) -> None:
        data = level_bits << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        bit = lambda i: (bits >> i) & 1 == 1  # noqa: E731
        size = self.size
        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(size - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, size - 15 + i, bit(i))
        self.set(8, size - 8, True)

    def place(self, words: list[int]) -> None:
        size, i, total = self.size, 0, len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = ((right + 1) & 2) == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, mask: int, level_bits: int) -> list[list[bool]]:
        flip = _MASKS[mask]
        out = [[d != (not self.fixed[y][x] and flip(x, y)) for x, d in enumerate(row)] for y, row in enumerate(self.dark)]
        saved, self.dark = self.dark, out
        self.format_bits(level_bits, mask)
        self.dark = saved
        return out


def _penalty(m: list[list[bool]]) -> int:
    """The standard's score of a masked code (lower is better, section 7.8.3.1): runs of five or more modules of
    one colour, 2×2 blocks of one colour, finder-like 1:1:3:1:1 patterns with four light modules on a side (the
    quiet zone beyond the edge is light), and the share of dark modules away from half."""
    size = len(m)
    score = 0
    for line in [*m, *([m[y][x] for y in range(size)] for x in range(size))]:
        run, colour = 0, None
        for d in line:
            if d == colour:
                run += 1
            else:
                if run >= 5:
                    score += run - 2
                run, colour = 1, d
        if run >= 5:
            score += run - 2
        score += _finder_like(bytes(line))
    for y in range(size - 1):
        above, below = m[y], m[y + 1]
        for x in range(size - 1):
            if above[x] == above[x + 1] == below[x] == below[x + 1]:
                score += 3
    dark = sum(map(sum, m))
    return score + abs(dark * 20 - size * size * 10) // (size * size) * 10


_FINDER = bytes((1, 0, 1, 1, 1, 0, 1))


def _finder_like(line: bytes) -> int:
    """40 for each dark-light-dark×3-light-dark run with four light modules (or the edge) before or after it."""
    score = 0
    at = line.find(_FINDER)
    while at != -1:
        end = at + 7
        if not any(line[max(at - 4, 0):at]) or not any(line[end:end + 4]):
            score += 40
        else:
            end = at + 4  # (the next run may start on this one's last three modules)
        at = line.find(_FINDER, end)
    return score


def qr_matrix(data: bytes, level: str = "M", mask: int | None = None) -> list[list[bool]]:
    """The modules of the smallest code that holds ``data`` at ``level`` (``mask``: forced, else the best)."""
    level_bits, row = LEVELS[level]
    for version in range(1, 41):
        header = 4 + (8 if version < 10 else 16)
        if header + 8 * len(data) <= _data_codewords(version, row) * 8:
            break
    else:
        raise TooLong(f"{len(data)} bytes do not fit a QR code at level {level}")
    grid = _Grid(version)
    grid.patterns()
    grid.place(_codewords(data, version, row))
    if mask is not None:
        return grid.masked(mask, level_bits)
    return min((grid.masked(k, level_bits) for k in range(8)), key=_penalty)


def qr_svg(text: str, label: str, level: str = "M") -> str:
    """The code of ``text`` as one ``<svg>`` (dark modules as one path, a quiet zone of 4 modules around it),
    named ``label`` for a screen reader; it scales to any size the stylesheet gives it."""
    m = qr_matrix(text.encode("utf-8"), level)
    side = len(m) + 8
    runs = []
    for y, row in enumerate(m):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + 4} {y + 4}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg class="qr" viewBox="0 0 {side} {side}" role="img" aria-label="{esc(label)}" '
            f'shape-rendering="crispEdges"><rect width="{side}" height="{side}" class="qr-light" fill="#fff"/>'
            f'<path class="qr-dark" fill="#000" d="{"".join(runs)}"/></svg>')
