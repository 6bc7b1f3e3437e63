"""A table of several seats (the friends' table, docs/friends.md): the ``table_*`` ops.

The host's page holds the whole game; each of its answers carries every seat's state,
each built from that seat's view and told as that seat was told, and the spectators'
(``public``: what every seat's state says alike, no hand). The host sends each guest only
its own; a seat's move is checked here like any move, on that seat's turn only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .. import validate as v
from ..entropy import secret_rng
from ..games import GAMES
from ..i18n import _
from ..protocol import Game
from ..record import Record, record_from_data, start_game
from ..table import public_table
from ..validate import RequestError
from ..view import common
from .registry import handles
from .sessions import Sessions, _apply_or_refuse, _check_line, _explain, _names, _seat_of, told_in
from .state import Session, Table


class Tables(Sessions):
    """The table ops: one game, every seat's state from its own view."""

    @handles(v.TableNew)
    def op_table_new(self, request: v.TableNew) -> dict[str, Any]:
        if request.game not in GAMES:
            raise RequestError(_("unknown game {game}: expected one of {games}").format(
                game=repr(request.game), games=", ".join(sorted(GAMES))))
        secrets = secret_rng() if request.seed is None else random.Random(f"table/{request.seed}")
        # The host's page keeps this record (table_record) through JavaScript, whose numbers
        # hold 53 bits exactly: a longer seed would come back as another deal.
        seed = secrets.getrandbits(53) if request.seed is None else request.seed
        record = record_from_data({"game": request.game, "seed": seed, **(request.options or {})})
        return self._open_table(record, start_game(record), secrets, request)

    @handles(v.TableLoad)
    def op_table_load(self, request: v.TableLoad) -> dict[str, Any]:
        """The table's record again (the host's page reloaded): the same game, to its end."""
        record = record_from_data(request.record)
        game = start_game(record)
        _check_line(record, game)
        for action in record.actions[:-1]:
            game.apply(action)
        return self._open_table(record, game, secret_rng(), request, record.actions[-1:])

    def _open_table(self, record: Record, game: Game, secrets: random.Random,
                    request: v.TableNew | v.TableLoad, last: Sequence[str] = ()) -> dict[str, Any]:
        table = Table(record, game, secrets, _names(request, game), game.num_players,
                      bot_seed=secrets.getrandbits(32))
        table.told = [[{}] * len(game.actions) for _ in range(table.players)]
        table.movers = [None] * len(game.actions)
        for action in last:
            self._table_apply(table, action)
        answer = self._table_answer(table, request.with_summary)
        handle = self.next_handle
        self.next_handle += 1
        self.tables[handle] = table
        return {"handle": handle, "players": table.players, **answer}

    @handles(v.TableState)
    def op_table_state(self, request: v.TableState) -> dict[str, Any]:
        """Every seat's state now. ``next_deal``: every seat has seen the finished deal, so each
        seat's table (and the spectators') is the next deal's as dealt, as ``state`` says it."""
        return self._table_answer(self._table(request), request.with_summary, request.next_deal)

    @handles(v.TableApply)
    def op_table_apply(self, request: v.TableApply) -> dict[str, Any]:
        table = self._table(request)
        mover = table.game.current_player()
        _seat_of(table.game, request.seat, "seat")
        if mover != request.seat:
            raise RequestError(_("the game is over") if mover is None
                               else _("it is not your turn: seat {seat} plays next").format(seat=mover))
        action = self._table_apply(table, request.action)
        return {"seat": mover, "action": action, **self._table_answer(table, request.with_summary)}

    @handles(v.TableBot)
    def op_table_bot(self, request: v.TableBot) -> dict[str, Any]:
        """The computer plays the seat to play; like every player it sees only its own seat."""
        from ..bots import make_bot

        table = self._table(request)
        mover = table.game.current_player()
        if mover is None:
            raise RequestError(_("the game is over: no seat to play"))
        bot = make_bot(table.game.name, request.level, table.bot_seed, **self.bot_options)
        action = self._table_apply(table, bot.choose(table.game, mover))
        return {"seat": mover, "action": action, **self._table_answer(table, request.with_summary)}

    @handles(v.TableRecord)
    def op_table_record(self, request: v.TableRecord) -> dict[str, Any]:
        """The whole game as it stands (its seed: a secret of the host's page, for its storage)."""
        return self._table(request).game.record()

    @handles(v.TableDealRecord)
    def op_table_deal_record(self, request: v.TableDealRecord) -> dict[str, Any]:
        deals = [d for d in self._table(request).game.finished_deals()
                 if request.deal in (None, d.get("deal", 1))]
        if not deals:
            raise RequestError(_("that deal has not been played out at this table"))
        return deals[-1]

    def _table(self, request: Any) -> Table:
        table = self.tables.get(request.handle)
        if table is None:
            raise RequestError(_("unknown table handle {handle}: start or load a table first").format(
                handle=request.handle))
        return table

    def _table_apply(self, table: Table, action: str) -> str:
        """Play ``action`` once, each seat told of it as its own view allows."""
        game = table.game
        mover = game.current_player()
        told = [_explain(game, action, seat, table.names) if mover is not None else {}
                for seat in range(table.players)]
        before = game.clone()
        _apply_or_refuse(game, action)
        table.before_last, table.told_in = before, told_in()
        for seat, explanation in enumerate(told):
            table.told[seat].append(explanation)
        table.movers.append(mover)
        return game.action_to_string(game.actions[-1])

    def _table_answer(self, table: Table, with_summary: bool,
                      next_deal: bool = False) -> dict[str, Any]:
        line = table.game.history()
        before = table.before_last
        if before is not None and table.told_in != told_in() and not before.is_over():
            # told in another deck or language: each seat is told the last move again
            for seat in range(table.players):
                if table.told[seat] and table.told[seat][-1]:
                    table.told[seat][-1] = _explain(before, line[-1], seat, table.names)
            table.told_in = told_in()
        states = []
        for seat in range(table.players):
            session = Session(table.record, table.game, table.game, line, seat, True,
                              table.secrets, names=table.names, explanations=table.told[seat],
                              seats=table.movers)
            states.append({**self._state(session, with_summary, next_deal=next_deal),
                           "scope": "table"})
        public = {**common(states), "legal": [], "view": None}
        public["table"] = public_table(public["table"], table.players)
        return {"states": states, "public": public}
