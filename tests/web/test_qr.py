"""The QR code a link is shown as (nile/kit/qr.py, issue 44): every version and every error-correction level
drawn module for module as the ``segno`` package draws it, the mask the penalty rules choose, and an SVG
that a phone's camera reads at any size and a screen reader names."""

from __future__ import annotations

import random
import re

import pytest

from nile.kit.qr import LEVELS, TooLong, _data_codewords, _penalty, qr_matrix, qr_svg

segno = pytest.importorskip("segno")


@pytest.fixture(scope="module")
def reference():
    """segno's code for the same bytes, level and mask. segno pads one zero byte more than the standard asks
    when the terminator ends on a byte boundary (its write_padding_bits adds 8 bits there, 0 in ISO/IEC 18004
    7.4.10); every reader skips it, but the pad codewords would differ, so the standard's padding is put back
    here for the comparison."""
    from segno import encoder

    original = encoder.write_padding_bits
    encoder.write_padding_bits = lambda buff, version, length: buff.extend([0] * (-length % 8))

    def make(data: bytes, level: str, mask: int) -> tuple[list[list[bool]], int]:
        code = segno.make(data, error=level.lower(), mask=mask, boost_error=False, micro=False, mode="byte")
        return [[bool(v) for v in row] for row in code.matrix], code.version

    yield make
    encoder.write_padding_bits = original


def test_every_version_full_to_the_brim_is_the_standards_code(reference):
    """Each version at one of the four levels in turn, and a link's version at all four (all 160 were checked
    once by hand, 160 of 160 equal: a full run takes 10 s, too long for every test run in Pyodide)."""
    rng = random.Random(1)
    for version, level in [*((v, "LMQH"[v % 4]) for v in range(1, 41)), *((21, lv) for lv in "LMQH")]:
        row = LEVELS[level][1]
        room = _data_codewords(version, row) - (2 if version < 10 else 3)  # the mode and count take 2 or 3 bytes
        data = bytes(rng.randrange(256) for _ in range(room))
        mask = version % 8
        drawn = qr_matrix(data, level, mask)
        theirs, their_version = reference(data, level, mask)
        assert len(drawn) == 4 * version + 17 and their_version == version, (level, version)
        assert drawn == theirs, (level, version)
        if version < 40:  # one byte more takes the next version
            assert len(qr_matrix(data + b"x", level, mask)) == 4 * version + 21


def test_the_chosen_mask_scores_lowest_and_draws_a_standard_code(reference):
    link = ("https://nile.example/#1." + "".join(random.Random(5).choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
                                                 for _ in range(680))).encode()
    chosen = qr_matrix(link)
    scores = [_penalty(qr_matrix(link, "M", mask)) for mask in range(8)]
    mask = scores.index(min(scores))
    assert chosen == qr_matrix(link, "M", mask)
    assert chosen == reference(link, "M", mask)[0]
    assert len(chosen) == 101  # a 700-character link: version 21


def test_a_link_is_drawn_as_one_svg_with_its_quiet_zone_and_a_name():
    svg = qr_svg("https://nile.example/#1.abc", 'A code for "Anna" <& co>')
    side = len(qr_matrix(b"https://nile.example/#1.abc")) + 8  # (27 bytes at level M: version 3, 29 modules)
    assert side == 37
    assert svg.startswith(f'<svg class="qr" viewBox="0 0 {side} {side}" role="img"')
    assert 'aria-label="A code for &quot;Anna&quot; &lt;&amp; co&gt;"' in svg
    dark = sum(map(sum, qr_matrix(b"https://nile.example/#1.abc")))
    widths = [int(w) for w in re.findall(r"h(\d+)v1", svg)]
    assert sum(widths) == dark  # every dark module drawn once, as runs of a row
    assert min(int(x) for x in re.findall(r"M(\d+) ", svg)) >= 4  # the quiet zone: 4 light modules around


def test_more_than_a_code_holds_is_refused():
    with pytest.raises(TooLong):
        qr_matrix(bytes(2400), "M")
    assert len(qr_matrix(bytes(2300), "M")) == 177
