"""Bank rates in C&K (§8): harbours, the Trading House, the merchant and Merchant Fleet."""

from __future__ import annotations

from engine.rulesets.base.board import GENERIC, RESOURCES
from engine.rulesets.ck.cards import ABILITY_LEVEL, TRADE
from engine.rulesets.ck.core import CKCore


class CKTrading(CKCore):
    def _refresh_rates(self, seat: int) -> None:
        """`seat`'s bank rates from its harbours, Trading House, the merchant and Merchant Fleet."""
        k = self.HAND_STRIDE
        base = seat * k
        rates = self.rates
        for r in range(base, base + k):
            rates[r] = 4
        vertex_harbour = self.board.vertex_harbour
        for v in self.buildings[seat]:
            kind = vertex_harbour[v]
            if kind == GENERIC:
                for r in range(base, base + k):
                    rates[r] = min(rates[r], 3)
            elif kind >= 0:
                rates[base + kind] = 2
        if self.level(seat, TRADE) >= ABILITY_LEVEL:
            for r in range(len(RESOURCES), k):
                rates[base + r] = 2
        if self.merchant_owner == seat and self.merchant_hex >= 0:
            r = self.board.resource[self.merchant_hex]
            if r >= 0:
                rates[base + r] = 2
        if self.fleet >= 0 and seat == self.current:
            rates[base + self.fleet] = 2

    def _harbour_rates(self, seat: int, v: int) -> None:
        self._refresh_rates(seat)
