"""Ed25519 signatures (RFC 8032) in pure Python, for moves signed by the device that holds their seat.

Devices that play one game by link (``nile.core.remote``) sign their moves, so that no device can forge a
move for a seat another device holds: each device keeps a ``SigningKey`` (its 32-byte seed, stored as text),
tells the others its ``public`` key, and every move it sends carries a signature that the others check with
``verify``. The page's Python is synchronous and the browser's Web Crypto is not, so the controller cannot
call it: this module is standard library only (``hashlib``'s SHA-512, integers), the same in CPython and in
Pyodide. ``Signer`` and ``Verifier`` are what callers should depend on, so that another implementation
(Web Crypto, the ``cryptography`` package) can be put behind them later.

Texts: a seed and a public key are 32 bytes, written as 43 characters of URL-safe base64 without ``=``
padding; a signature is 64 bytes, 86 such characters. Only the canonical text is accepted (the unused bits
of the last character are zero), so one key or signature has one text.

Verification is RFC 8032's, cofactorless as libsodium's and OpenSSL's: S must be below the group order L
(no malleable signatures), the public key must decode (its y below p, no "negative zero"), and
``[S]B == R + [k]A`` is checked as ``encode([S]B - [k]A) == R``, which rejects any R that is not the
canonical encoding of a point. Like RFC 8032 and OpenSSL (unlike libsodium), a public key or an R of small
order is not refused: such a key only lets its own holder sign anything for its own seat. Anything malformed
is simply not valid: ``verify`` returns False, never raises.

**Not constant-time.** Python's big integers take time that depends on their values, and the scalar
multiplications here branch on the key's and the nonce's digits: another script timing this code in the same
browser tab could learn the private key. That is acceptable here, and said plainly: this is a family board
game, the private key sits in that same tab's localStorage anyway (any script that can time us can read it),
and the signatures only stop one player's device from making up another player's moves. Do not reuse this
module where the key must be kept from code running beside it.

Speed (it runs in Pyodide on phones; a received link verifies up to five signatures): points are in extended
twisted Edwards coordinates (Hisil, Wong, Carter & Dawson 2008, a = -1); ``[s]B`` adds one precomputed
multiple of B per signed radix-16 digit (64 positions × 8 multiples, built once on first use); verification
computes ``[S]B - [k]A`` in one joint chain of doublings (Straus) with width-8 NAF digits for S over a second
precomputed table of B and width-5 NAF digits for k over A's odd multiples. ``tools/sign_bench.py`` measures it.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from typing import TYPE_CHECKING, Protocol

#: the field's prime and the order of the base point B (RFC 8032 §5.1)
P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, -1, P) % P
_D2 = 2 * _D % P
_SQRT_M1 = pow(2, (P - 1) // 4, P)

SEED_BYTES = 32
PUBLIC_BYTES = 32
SIGNATURE_BYTES = 64
#: their lengths as text: unpadded URL-safe base64
SEED_CHARS = 43
PUBLIC_CHARS = 43
SIGNATURE_CHARS = 86

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

# A point in extended coordinates: (X, Y, Z, T) with x = X/Z, y = Y/Z, x*y = T/Z. Every coordinate a function
# returns is reduced mod P; sums and differences in between are left unreduced (Python's % takes them back).
Point = tuple[int, int, int, int]
# A point ready to be added: "cached" (Y-X, Y+X, 2d*T, 2*Z), or affine "Niels" (y+x, y-x, 2d*x*y) with Z = 1.
Cached = tuple[int, int, int, int]
Niels = tuple[int, int, int]

_IDENTITY: Point = (0, 1, 1, 0)


class Signer(Protocol):
    """What signs a device's moves: its public key (43 characters) and signatures of bytes (86 characters)."""

    @property
    def public(self) -> str: ...

    def sign(self, message: bytes) -> str: ...


class Verifier(Protocol):
    """What checks a signature: ``(public, message, signature) -> bool``, False for anything malformed."""

    def __call__(self, public: str, message: bytes, signature: str) -> bool: ...


class SigningKey:
    """An Ed25519 private key, made from its 32-byte seed (``from_seed``, ``from_text``).

    ``seed_text`` is what to store (keep it private), ``public`` what to tell the others."""

    __slots__ = ("_seed", "_scalar", "_prefix", "_public_bytes", "public")

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, (bytes, bytearray)) or len(seed) != SEED_BYTES:
            raise ValueError(f"an Ed25519 seed is {SEED_BYTES} bytes")
        self._seed = bytes(seed)
        digest = hashlib.sha512(self._seed).digest()
        scalar = int.from_bytes(digest[:32], "little")
        scalar &= (1 << 254) - 8  # RFC 8032 §5.1.5: the low 3 bits cleared, bit 255 cleared...
        scalar |= 1 << 254  # ...and bit 254 set
        self._scalar = scalar % L  # the same point and the same S: B's order is L
        self._prefix = digest[32:]
        self._public_bytes = _encode(_base_multiple(self._scalar))
        #: the public key: 32 bytes as 43 characters of unpadded URL-safe base64
        self.public = _text(self._public_bytes)

    @classmethod
    def from_seed(cls, seed: bytes) -> SigningKey:
        """The key of a 32-byte seed (draw it with ``os.urandom(32)``); ValueError for anything else."""
        return cls(seed)

    @classmethod
    def from_text(cls, text: str) -> SigningKey:
        """The key of a stored ``seed_text``; ValueError for anything that is not one (canonical text only)."""
        seed = _bytes_of(text, SEED_BYTES)
        if seed is None:
            raise ValueError(f"not an Ed25519 seed ({SEED_CHARS} characters of unpadded URL-safe base64)")
        return cls(seed)

    @property
    def seed_text(self) -> str:
        """The private seed: 32 bytes as 43 characters of unpadded URL-safe base64 (``from_text`` reads it)."""
        return _text(self._seed)

    def sign(self, message: bytes) -> str:
        """The signature of ``message``: 64 bytes (R, then S little-endian) as 86 characters of unpadded
        URL-safe base64. Deterministic (RFC 8032): the same key and message give the same signature.
        TypeError if ``message`` is not bytes (bytearray and memoryview are taken too)."""
        if not isinstance(message, (bytes, bytearray, memoryview)):
            raise TypeError(f"Ed25519 signs bytes, not {type(message).__name__}")
        message = bytes(message)
        r = _hash_int(self._prefix + message) % L
        big_r = _encode(_base_multiple(r))
        k = _hash_int(big_r + self._public_bytes + message) % L
        s = (r + k * self._scalar) % L
        return _text(big_r + s.to_bytes(32, "little"))

    def __repr__(self) -> str:
        return f"SigningKey(public={self.public!r})"  # never the seed


def verify(public: str, message: bytes, signature: str) -> bool:
    """True only if ``signature`` (86 characters) is ``public``'s (43 characters) Ed25519 signature of
    ``message`` (bytes); False for anything else, malformed arguments included (never an exception)."""
    if not isinstance(message, (bytes, bytearray, memoryview)):
        return False
    key = _bytes_of(public, PUBLIC_BYTES)
    sig = _bytes_of(signature, SIGNATURE_BYTES)
    if key is None or sig is None:
        return False
    s = int.from_bytes(sig[32:], "little")
    if s >= L:
        return False  # not canonical: S + L would verify too
    point = _decode(key)
    if point is None:
        return False
    k = _hash_int(sig[:32] + key + bytes(message)) % L
    x, y, z, t = point
    minus_a = (-x % P, y, z, -t % P)
    return _encode(_double_multiple(s, k, minus_a)) == sig[:32]


# ---------------------------------------------------------------------------------------------- text, hashing


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _bytes_of(text: object, size: int) -> bytes | None:
    """The ``size`` bytes that ``text`` (unpadded URL-safe base64, canonical) writes; None if it is not that."""
    chars = (size * 8 + 5) // 6
    if not isinstance(text, str) or len(text) != chars or not _ALPHABET.issuperset(text):
        return None
    data = base64.urlsafe_b64decode(text + "=" * (-chars % 4))
    return data if len(data) == size and _text(data) == text else None


def _hash_int(data: bytes) -> int:
    return int.from_bytes(hashlib.sha512(data).digest(), "little")


# ------------------------------------------------------------------------------------------ points, encoding


def _decode(data: bytes) -> Point | None:
    """RFC 8032 §5.1.3: the point that 32 bytes encode, or None (y not below p, no square root, or x = 0 with
    the sign bit set)."""
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    if y >= P:
        return None
    yy = y * y % P
    u = (yy - 1) % P
    v = (_D * yy + 1) % P
    v3 = v * v % P * v % P
    x = u * v3 % P * pow(u * v3 % P * v3 % P * v % P, (P - 5) // 8, P) % P
    vxx = v * x % P * x % P
    if vxx != u:
        if vxx != -u % P:
            return None
        x = x * _SQRT_M1 % P
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return (x, y, 1, x * y % P)


def _encode(point: Point) -> bytes:
    x, y, z, _ = point
    inverse = pow(z, -1, P)
    x = x * inverse % P
    y = y * inverse % P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _double(p: Point) -> Point:
    """2P (dbl-2008-hwcd, a = -1: 4M + 4S); T of the input is not used."""
    x, y, z, _ = p
    a = x * x % P
    b = y * y % P
    c = 2 * z * z % P
    e = 2 * x * y % P
    g = b - a
    f = g - c
    h = -a - b
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _add(p: Point, q: Cached) -> Point:
    """P + Q, Q cached (add-2008-hwcd-3, a = -1, k = 2d: 8M)."""
    x, y, z, t = p
    ymx, ypx, t2d, z2 = q
    a = (y - x) * ymx % P
    b = (y + x) * ypx % P
    c = t * t2d % P
    d = z * z2 % P
    e = b - a
    f = d - c
    g = d + c
    h = b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _cached(p: Point) -> Cached:
    x, y, z, t = p
    return ((y - x) % P, (y + x) % P, t * _D2 % P, 2 * z % P)


def _niels(points: list[Point]) -> list[Niels]:
    """The points in affine Niels form, with one inversion for all of them (Montgomery's trick)."""
    running = []
    product = 1
    for _, _, z, _ in points:
        running.append(product)
        product = product * z % P
    inverse = pow(product, -1, P)
    out: list[Niels] = [(1, 1, 0)] * len(points)
    for i in range(len(points) - 1, -1, -1):
        x, y, z, _ = points[i]
        z_inverse = inverse * running[i] % P
        inverse = inverse * z % P
        x = x * z_inverse % P
        y = y * z_inverse % P
        out[i] = ((y + x) % P, (y - x) % P, _D2 * x % P * y % P)
    return out


def _negated(q: Niels) -> Niels:
    ypx, ymx, t2d = q
    return (ymx, ypx, -t2d % P)


_BASE_Y = 4 * pow(5, -1, P) % P
_BASE = _decode(_BASE_Y.to_bytes(32, "little"))
assert _BASE is not None


# -------------------------------------------------------------------------------------- scalar multiplication

# The tables of multiples of B are built on first use, then kept: a device that only verifies never builds
# the signing one.


@cache
def _radix16_table() -> list[list[Niels]]:
    """Row i holds j·16^i·B for the signed digits j = -8..7 at index j (a list's negative indices), j = 0 the
    identity: 64 rows of 16, built once (some 4 ms in CPython, 10 ms in Pyodide)."""
    assert _BASE is not None
    multiples: list[Point] = []
    power = _BASE
    for _ in range(64):
        step = _cached(power)
        point = power
        multiples.append(point)
        for _ in range(7):
            point = _add(point, step)
            multiples.append(point)  # 1..8 times 16^i·B
        power = _double(point)
    niels = _niels(multiples)
    rows = []
    for i in range(64):
        row = niels[8 * i: 8 * i + 8]  # 1..8
        negatives = [_negated(q) for q in reversed(row)]  # -8..-1
        rows.append([(1, 1, 0), *row[:7], *negatives])
    return rows


def _base_multiple(scalar: int) -> Point:
    """[scalar]B for 0 <= scalar < 2^253: one mixed addition per non-zero signed radix-16 digit (7M each)."""
    x, y, z, t = _IDENTITY
    carry = 0
    for row in _radix16_table():
        digit = (scalar & 15) + carry
        scalar >>= 4
        carry = (digit + 8) >> 4
        digit -= carry << 4
        if digit:
            ypx, ymx, t2d = row[digit]
            a = (y - x) * ymx % P
            b = (y + x) * ypx % P
            c = t * t2d % P
            d = 2 * z
            e = b - a
            f = d - c
            g = d + c
            h = b + a
            x, y, z, t = e * f % P, g * h % P, f * g % P, e * h % P
    return (x, y, z, t)


_B_WIDTH = 8
_A_WIDTH = 5


@cache
def _odd_base_table() -> list[Niels]:
    """B, 3B, ..., 127B at indices 1, 3, ..., 127 and their negatives at -1, -3, ..., -127 (width-8 NAF)."""
    assert _BASE is not None
    size = 1 << _B_WIDTH
    twice = _cached(_double(_BASE))
    points = [_BASE]
    for _ in range(size // 4 - 1):
        points.append(_add(points[-1], twice))
    table: list[Niels] = [(1, 1, 0)] * size
    for i, q in enumerate(_niels(points)):
        table[2 * i + 1] = q
        table[-(2 * i + 1)] = _negated(q)
    return table


def _naf(scalar: int, width: int) -> list[int]:
    """The width-``width`` non-adjacent form of ``scalar``, least significant digit first: odd digits below
    2^(width-1) in absolute value, at least width - 1 zeros after each."""
    digits = []
    full = 1 << width
    half = full >> 1
    while scalar:
        if scalar & 1:
            digit = scalar & (full - 1)
            if digit >= half:
                digit -= full
            scalar -= digit
        else:
            digit = 0
        digits.append(digit)
        scalar >>= 1
    return digits


def _double_multiple(s: int, k: int, point: Point) -> Point:
    """[s]B + [k]point (Straus: one chain of doublings for both)."""
    base_table = _odd_base_table()
    twice = _cached(_double(point))
    odd = [point]  # point, 3·point, ..., 15·point
    for _ in range((1 << _A_WIDTH) // 4 - 1):
        odd.append(_add(odd[-1], twice))
    point_table: list[Cached] = [(1, 1, 0, 2)] * (1 << _A_WIDTH)
    for i, multiple in enumerate(odd):
        ymx, ypx, t2d, z2 = q = _cached(multiple)
        point_table[2 * i + 1] = q
        point_table[-(2 * i + 1)] = (ypx, ymx, -t2d % P, z2)
    s_digits = _naf(s, _B_WIDTH)
    k_digits = _naf(k, _A_WIDTH)
    size = max(len(s_digits), len(k_digits))
    s_digits += [0] * (size - len(s_digits))
    k_digits += [0] * (size - len(k_digits))
    x, y, z, t = _IDENTITY
    for i in range(size - 1, -1, -1):
        # doubling (dbl-2008-hwcd), its T only when an addition follows
        a = x * x % P
        b = y * y % P
        c = 2 * z * z % P
        e = 2 * x * y % P
        g = b - a
        f = g - c
        h = -a - b
        x, y, z = e * f % P, g * h % P, f * g % P
        s_digit = s_digits[i]
        k_digit = k_digits[i]
        if not (s_digit or k_digit):
            continue
        t = e * h % P
        if s_digit:
            ypx, ymx, t2d = base_table[s_digit]
            x, y, z, t = _add((x, y, z, t), (ymx, ypx, t2d, 2))
        if k_digit:
            x, y, z, t = _add((x, y, z, t), point_table[k_digit])
    return (x, y, z, t)


if TYPE_CHECKING:  # both sides of the protocols, checked by mypy
    _verifier: Verifier = verify
    _signer: Signer = SigningKey(bytes(SEED_BYTES))
