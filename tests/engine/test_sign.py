"""Ed25519 in pure Python for signed moves (nile.core.sign, issue 50 of play-by-link).

RFC 8032's own test vectors, 200 random keys and messages checked against the ``cryptography`` package (CPython
only: Pyodide has no ``cryptography``, and the rest of this file runs there too), a flipped bit anywhere
refused, and every kind of malformed input answered False by ``verify`` (never an exception) and ValueError by
``SigningKey.from_text``."""

from __future__ import annotations

import base64
import hashlib
import random

import pytest

from nile.core import sign
from nile.core.sign import L, P, SigningKey, verify


def text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def raw(txt: str) -> bytes:
    return base64.urlsafe_b64decode(txt + "=" * (-len(txt) % 4))


# RFC 8032 §7.1: (name, secret key, public key, message, signature), hex
TEST_1024_MESSAGE = (
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1"
    "e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a"
    "7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc10"
    "3b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d"
    "502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089b"
    "eccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969b"
    "e3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988d"
    "cda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7"
    "984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac09"
    "43bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f161"
    "0e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8ca"
    "c60c905c15fc910840b94c00a0b9d0"
)
RFC8032 = [
    ("TEST 1",
     "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
     "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("TEST 2",
     "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
     "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("TEST 3",
     "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
     "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ("TEST 1024",
     "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
     TEST_1024_MESSAGE,
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"),
    ("TEST SHA(abc)",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
]

KEY = SigningKey.from_seed(bytes(range(32)))
MESSAGE = b"p2 sow flax W9-1 #17"
SIGNATURE = KEY.sign(MESSAGE)


@pytest.mark.parametrize("name,secret,public,message,signature", RFC8032, ids=[v[0] for v in RFC8032])
def test_rfc8032_vectors(name, secret, public, message, signature):
    key = SigningKey.from_seed(bytes.fromhex(secret))
    assert raw(key.public).hex() == public
    assert raw(key.sign(bytes.fromhex(message))).hex() == signature
    assert verify(text(bytes.fromhex(public)), bytes.fromhex(message), text(bytes.fromhex(signature)))


def test_the_sha_abc_vector_signs_the_digest_of_abc():
    assert RFC8032[4][3] == hashlib.sha512(b"abc").hexdigest()
    assert len(bytes.fromhex(TEST_1024_MESSAGE)) == 1023


def test_texts_have_their_lengths_and_alphabet():
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(KEY.public) == 43 and len(KEY.seed_text) == 43 and len(SIGNATURE) == 86
    assert set(KEY.public + KEY.seed_text + SIGNATURE) <= alphabet
    assert raw(KEY.seed_text) == bytes(range(32))
    assert KEY.sign(MESSAGE) == SIGNATURE  # deterministic
    assert verify(KEY.public, MESSAGE, SIGNATURE)
    assert verify(KEY.public, bytearray(MESSAGE), SIGNATURE) and verify(KEY.public, memoryview(MESSAGE), SIGNATURE)
    assert KEY.seed_text not in repr(KEY)


def test_from_text_gives_back_the_same_key():
    rng = random.Random(50)
    for _ in range(5):
        key = SigningKey.from_seed(rng.randbytes(32))
        again = SigningKey.from_text(key.seed_text)
        assert (again.public, again.seed_text) == (key.public, key.seed_text)
        assert again.sign(MESSAGE) == key.sign(MESSAGE)


@pytest.mark.parametrize("junk", [
    "", "A" * 42, "A" * 44, KEY.seed_text + "=", KEY.seed_text[:-1] + "+", KEY.seed_text[:-1] + "/",
    KEY.seed_text[:-1] + "!", KEY.seed_text[:-1] + "é", " " + KEY.seed_text[1:],
    text(bytes(31) + b"\x01")[:-1] + "B",  # the last character's unused bits set: not the canonical text
    None, 42, KEY.seed_text.encode(), bytes(range(32)),
])
def test_from_text_refuses_junk(junk):
    with pytest.raises(ValueError):
        SigningKey.from_text(junk)


@pytest.mark.parametrize("seed", [b"", bytes(31), bytes(33), "0" * 32, None])
def test_from_seed_takes_32_bytes_only(seed):
    with pytest.raises(ValueError):
        SigningKey.from_seed(seed)


@pytest.mark.parametrize("message", ["text", 5, None])
def test_only_bytes_are_signed(message):
    with pytest.raises(TypeError):
        KEY.sign(message)


def flipped(data: bytes, bit: int) -> bytes:
    out = bytearray(data)
    out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


def test_a_flipped_bit_anywhere_fails():
    signature, public = raw(SIGNATURE), raw(KEY.public)
    for bit in range(0, 8 * len(MESSAGE), 3):
        assert not verify(KEY.public, flipped(MESSAGE, bit), SIGNATURE), f"message bit {bit}"
    for bit in [*range(0, 512, 3), 255, 256, 511]:
        assert not verify(KEY.public, MESSAGE, text(flipped(signature, bit))), f"signature bit {bit}"
    for bit in [*range(0, 256, 3), 255]:
        assert not verify(text(flipped(public, bit)), MESSAGE, SIGNATURE), f"public key bit {bit}"
    other = SigningKey.from_seed(bytes(32))
    assert not verify(other.public, MESSAGE, SIGNATURE)
    assert not verify(KEY.public, MESSAGE, other.sign(MESSAGE))


def with_s(s: int) -> str:
    return text(raw(SIGNATURE)[:32] + s.to_bytes(32, "little"))


def encoding(y: int, sign_bit: int = 0) -> bytes:
    return (y | sign_bit << 255).to_bytes(32, "little")


def test_y_2_is_on_no_point():
    """The encoding used below as "does not decode": (y² - 1) / (d·y² + 1) has no square root for y = 2."""
    u, v = 3, (sign._D * 4 + 1) % P
    assert pow(u * pow(v, -1, P) % P, (P - 1) // 2, P) == P - 1


MALFORMED = {
    # lengths and alphabet
    "public too short": (KEY.public[:-1], MESSAGE, SIGNATURE),
    "public too long": (KEY.public + "A", MESSAGE, SIGNATURE),
    "public padded": (KEY.public + "=", MESSAGE, SIGNATURE),
    "signature too short": (KEY.public, MESSAGE, SIGNATURE[:-1]),
    "signature too long": (KEY.public, MESSAGE, SIGNATURE + "A"),
    "signature padded": (KEY.public, MESSAGE, SIGNATURE + "=="),
    "empty": ("", MESSAGE, ""),
    "public in standard base64": (KEY.public.replace("-", "+").replace("_", "/")[:-1] + "+", MESSAGE, SIGNATURE),
    "signature with a space": (KEY.public, MESSAGE, SIGNATURE[:40] + " " + SIGNATURE[41:]),
    "signature not ASCII": (KEY.public, MESSAGE, SIGNATURE[:-1] + "é"),
    "public as hex": (raw(KEY.public).hex(), MESSAGE, SIGNATURE),
    "signature's last character not canonical": (KEY.public, MESSAGE, SIGNATURE[:-1] + chr(ord(SIGNATURE[-1]) + 1)),
    # S not below L: S + L would pass the group equation, and so would S = L for S = 0
    "S + L": (KEY.public, MESSAGE, with_s(int.from_bytes(raw(SIGNATURE)[32:], "little") + L)),
    "S = L": (KEY.public, MESSAGE, with_s(L)),
    "S = 2^256 - 1": (KEY.public, MESSAGE, with_s(2**256 - 1)),
    # encodings that are no point
    "public on no point": (text(encoding(2)), MESSAGE, SIGNATURE),
    "public y = p": (text(encoding(P)), MESSAGE, SIGNATURE),
    "public y = p + 1 (1, not canonical)": (text(encoding(P + 1)), MESSAGE, SIGNATURE),
    "public x = 0 with the sign bit": (text(encoding(1, 1)), MESSAGE, SIGNATURE),
    "R on no point": (KEY.public, MESSAGE, text(encoding(2) + raw(SIGNATURE)[32:])),
    # not strings, not bytes
    "public as bytes": (raw(KEY.public), MESSAGE, SIGNATURE),
    "signature as bytes": (KEY.public, MESSAGE, raw(SIGNATURE)),
    "message as text": (KEY.public, MESSAGE.decode(), SIGNATURE),
    "None": (None, None, None),
    "numbers": (1, 2, 3),
    "lists": ([KEY.public], [MESSAGE], [SIGNATURE]),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_input_is_false_never_an_exception(case):
    public, message, signature = MALFORMED[case]
    assert verify(public, message, signature) is False


def test_the_check_is_cofactorless():
    """R moved by the point of order 2, (0, -1): [8]R is unchanged, so a cofactored check ([8][S]B = [8]R +
    [8][k]A) would accept; RFC 8032's cofactorless one, libsodium's and OpenSSL's, refuses."""
    signature = raw(SIGNATURE)
    point = sign._decode(signature[:32])
    assert point is not None
    x, y, z, t = point
    moved = sign._encode((-x % P, -y % P, z, t))
    assert moved != signature[:32]
    assert not verify(KEY.public, MESSAGE, text(moved + signature[32:]))


def test_the_protocols_fit():
    signer: sign.Signer = KEY
    verifier: sign.Verifier = verify
    assert verifier(signer.public, MESSAGE, signer.sign(MESSAGE))


def test_200_random_keys_agree_with_cryptography():
    ed25519 = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ed25519")
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    rng = random.Random(50)
    for i in range(200):
        seed, message = rng.randbytes(32), rng.randbytes(rng.choice([0, 1, 2, 32, 64, rng.randrange(500)]))
        theirs = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
        their_public = theirs.public_key()
        ours = SigningKey.from_seed(seed)
        assert raw(ours.public) == their_public.public_bytes(Encoding.Raw, PublicFormat.Raw), i
        signature = ours.sign(message)
        assert raw(signature) == theirs.sign(message), i  # deterministic: the very same bytes
        their_public.verify(raw(signature), message)
        assert verify(ours.public, message, signature), i
        bad = text(flipped(raw(signature), rng.randrange(512)))
        assert not verify(ours.public, message, bad), i
        with pytest.raises(InvalidSignature):
            their_public.verify(raw(bad), message)
