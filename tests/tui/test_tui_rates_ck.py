"""The C&K bank dialog names what gives each better rate (seen in play: "2 cloth (harbour)" from
a Trading House, "2 brick (harbour)" from the merchant on hills, with no harbour at all)."""

from __future__ import annotations

from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.ck.cards import TRADE
from tui.faces import face
from tui.rates_ck import rate_source


def test_each_better_rate_names_its_source_and_the_plain_rate_none() -> None:
    """Seed 4, seat 0 after setup, no harbour: the Trading House gives the commodities 2:1, the
    merchant on hills gives brick 2:1, Merchant Fleet on grain gives grain 2:1 on its own turn."""
    game = new_game(GameConfig("ck", 3, 4, {}))
    game.levels[0 * 3 + TRADE] = 3
    hills = next(
        h for h, hx in enumerate(game.view(0)["board"]["hexes"]) if hx["terrain"] == "hills"
    )
    game.merchant_owner, game.merchant_hex = 0, hills
    game.current = 0
    game.fleet = 3  # grain
    game._refresh_rates(0)
    view = game.view(0)
    rates = view["players"][0]["rates"]
    said = {card: rate_source(view, card, rate) for card, rate in rates.items()}
    named = {"brick", "grain", "paper", "cloth", "coin"}
    harboured = {c for c, r in rates.items() if r < 4} - named
    assert said["brick"] == "merchant", said
    assert said["grain"] == "Merchant Fleet", said
    assert said["paper"] == said["cloth"] == said["coin"] == "Trading House", said
    for card in harboured:  # whatever the setup's buildings touch
        assert said[card] == "harbour", said
    for card, rate in rates.items():
        assert (said[card] is None) == (rate == 4), (card, rate, said)
    # On another seat's turn Merchant Fleet gives nothing; the face hands the question on.
    game.current = 1
    game._refresh_rates(0)
    view = game.view(0)
    source = face("ck").rate_source
    assert source is not None, "C&K's face names the sources of its rates"
    grain = view["players"][0]["rates"]["grain"]
    assert grain == 4, "seed 4: seat 0 has no grain harbour, so Merchant Fleet was the 2:1"
    assert source(view, "grain", grain) is None
