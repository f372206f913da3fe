"""``python -m nile simulate|replay`` for Kap, through the registry like every game."""

import json
import subprocess
import sys

import pytest

from nile.cape.options import Options
from nile.cape.state import CapeState
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random

needs_subprocess = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "nile", *args], capture_output=True, text=True, timeout=300, check=False)


@needs_subprocess
def test_simulate_plays_kap_for_every_player_count():
    out = run_cli("simulate", "--game", "cape", "--players", "2,3,4", "--games", "12", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "cape" and summary["finished"] == 12 and summary["errors"] == 0
    assert set(summary["end_reasons"]) <= {"crossings", "stall"}
    refused = run_cli("simulate", "--game", "cape", "--players", "5")
    assert refused.returncode == 2 and "2 to 4 players" in refused.stderr


@needs_subprocess
def test_replay_validates_a_kap_save_and_prints_the_ranking(tmp_path):
    s = CapeState(Options.default(3), 21)
    play_random(s, Rng(2))
    path = tmp_path / "kap.json"
    path.write_text(save.dumps(s))
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert "valid save of cape" in out.stdout and "game over" in out.stdout and "crossings" in out.stdout
