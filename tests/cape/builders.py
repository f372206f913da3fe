"""Build Kap scenarios: the engine's constructed positions (``nile.cape.positions``)."""

from nile.cape.positions import bidding, blank, building, ids, on_top, park, put, take_card  # noqa: F401

__all__ = ["bidding", "blank", "building", "ids", "on_top", "park", "put", "take_card"]
