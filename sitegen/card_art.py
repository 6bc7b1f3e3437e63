"""The card faces and the back, drawn as SVG by code, in the spirit of the Toscane pattern.

The Toscane pack is the Tuscan French-suited pack of 40 cards: clubs, diamonds, hearts and
spades, ranks A 2 3 4 5 6 7 J Q K. Its court cards are full-length standing figures (not the
double-headed, mirrored courts of other French packs); here each is drawn simply: a king with a
crown, beard, long robe and a sceptre topped by the suit; a queen with a small crown, long hair,
a gown and a flower; a jack with a feathered cap, a short tunic, hose and a halberd.

Every SVG has a 240 x 360 viewBox (a 2:3 card, sized by CSS), ``role="img"`` and a ``<title>``
with the card's accessible name, no external reference and no font: the corner indices are
stroked paths, so they read the same everywhere, even at 60 px wide.

The output is deterministic (byte-identical on every run): coordinates are written as rounded
numbers and nothing depends on random numbers or on dict order. Golden files in
tests/golden/cards/ keep it from drifting; ``python scripts/update_card_goldens.py`` rewrites them
on purpose.

The four-colour variant recolours clubs green and diamonds blue; hearts stay red and spades
black, so those cards are byte-identical in both variants.

Ids inside a file are prefixed with the card's notation ("KC-p"), so several cards can share an
HTML page if they are inlined; as ``<img>`` files they are independent anyway.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import CARDS, Card, Rank, Suit

__all__ = ["card_svg", "back_svg", "all_card_svgs", "VIEWBOX", "WIDTH", "HEIGHT"]

WIDTH = 240
HEIGHT = 360
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"

# --- Colours ---------------------------------------------------------------------------------

RED = "#c8202e"
BLACK = "#1c1c1c"
GREEN = "#1b7a3a"
BLUE = "#1f5bb8"

OUTLINE = "#1c1c1c"
GOLD = "#e6b73e"
SKIN = "#f6d7ba"
WHITE = "#ffffff"
PAPER = "#fbf6ea"


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink of a suit's pips and indices."""
    if four_colour and suit is Suit.CLUBS:
        return GREEN
    if four_colour and suit is Suit.DIAMONDS:
        return BLUE
    return RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else BLACK


# A court card's clothes: main colour (the suit's ink), an accent, hair and beard colours.
_ACCENT = {
    (Suit.CLUBS, False): "#3a6db5",
    (Suit.CLUBS, True): "#3a6db5",
    (Suit.DIAMONDS, False): "#2e7d4f",
    (Suit.DIAMONDS, True): "#e07b1a",
    (Suit.HEARTS, False): "#3a6db5",
    (Suit.HEARTS, True): "#3a6db5",
    (Suit.SPADES, False): "#c8202e",
    (Suit.SPADES, True): "#c8202e",
}
_HAIR = {Suit.CLUBS: "#5a3a22", Suit.DIAMONDS: "#a8642a", Suit.HEARTS: "#c9963c", Suit.SPADES: "#3a2a1e"}
_BEARD = {Suit.CLUBS: "#d9d4cc", Suit.DIAMONDS: "#a8642a", Suit.HEARTS: "#c9963c", Suit.SPADES: "#8d8a86"}

# --- Small helpers ---------------------------------------------------------------------------


def _n(x: float) -> str:
    """A number as short, stable text: at most two decimals, no trailing zeros."""
    text = f"{round(x, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open(title: str, defs: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" role="img">'
        f"<title>{_esc(title)}</title>"
        + (f"<defs>{defs}</defs>" if defs else "")
    )


def _blank(border: str = "#8a8a8a") -> str:
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="14" '
        f'fill="{WHITE}" stroke="{border}" stroke-width="1.5"/>'
    )


def _circle_path(cx: float, cy: float, r: float) -> str:
    return f"M{_n(cx - r)},{_n(cy)}a{_n(r)},{_n(r)} 0 1,0 {_n(2 * r)},0a{_n(r)},{_n(r)} 0 1,0 {_n(-2 * r)},0"


# --- Suit symbols (in a 100 x 100 box centred on 0,0) ---------------------------------------

_SUIT_PATH = {
    Suit.HEARTS: (
        "M0,46C-14,30-48,8-48,-18C-48,-36-35,-46-22,-46C-11,-46-3,-39 0,-30"
        "C3,-39 11,-46 22,-46C35,-46 48,-36 48,-18C48,8 14,30 0,46Z"
    ),
    Suit.DIAMONDS: "M0,-50C10,-32 22,-16 38,0C22,16 10,32 0,50C-10,32-22,16-38,0C-22,-16-10,-32 0,-50Z",
    Suit.SPADES: (
        "M0,-50C-12,-30-47,-12-47,12C-47,28-35,36-23,36C-13,36-6,31-3,25"
        "C-4,36-10,44-20,50H20C10,44 4,36 3,25C6,31 13,36 23,36C35,36 47,28 47,12"
        "C47,-12 12,-30 0,-50Z"
    ),
    Suit.CLUBS: (
        _circle_path(0, -24, 22) + _circle_path(-25, 10, 22) + _circle_path(25, 10, 22)
        + _circle_path(0, 4, 12)
        + "M-3,8C-4,30-10,42-20,50H20C10,42 4,30 3,8Z"
    ),
}


def _pip(ref: str, x: float, y: float, size: float, upside_down: bool = False) -> str:
    """A suit symbol `size` units wide centred on (x, y)."""
    turn = " rotate(180)" if upside_down else ""
    return f'<use href="#{ref}" transform="translate({_n(x)} {_n(y)}){turn} scale({_n(size / 100)})"/>'


# --- Index glyphs: stroked paths in a 20 x 32 box -------------------------------------------

_GLYPH = {
    "A": "M1,32L10,0L19,32M4.5,21H15.5",
    "2": "M1.5,7.5C2,2.5 5.5,0 10,0C15,0 18.5,3 18.5,8C18.5,14 12,19 1.5,32H19",
    "3": "M2,1H18L9,12.5C15,12.5 19,16 19,22C19,28.5 14.5,32 10,32C6,32 3,30.5 1.5,27.5",
    "4": "M14.5,32V0L1,21.5H19.5",
    "5": "M17.5,1H3.5L2,14.5C4.5,12.5 7.5,11.5 10.5,11.5C16,11.5 19,15.5 19,21.5"
         "C19,28 15,32 10,32C6,32 3,30.5 1.5,27.5",
    "6": "M17,3C15.5,1 13.5,0 11,0C5,0 1.5,6 1.5,17C1.5,27 5,32 10.5,32C15.5,32 19,28 19,22"
         "C19,16 15.5,12.5 10.5,12.5C6,12.5 2.5,15.5 1.5,19",
    "7": "M1,1H19L8,32",
    "J": "M7,1H19M15,1V22.5C15,29 12,32 8,32C4.5,32 2,30 1,26.5",
    "Q": "M10,0C4.5,0 1,6 1,16C1,26 4.5,32 10,32C15.5,32 19,26 19,16C19,6 15.5,0 10,0ZM11.5,22.5L20,33",
    "K": "M2,0V32M18.5,0L2,19M8.5,12.5L19.5,32",
}


def _index_defs(p: str, rank: Rank, colour: str) -> str:
    """The top-left corner index (rank above suit) as a reusable group."""
    glyph = _GLYPH[rank.value]
    return (
        f'<g id="{p}-i"><path d="{glyph}" transform="translate(9 12) scale(1.35)" fill="none" '
        f'stroke="{colour}" stroke-width="4.4" stroke-linecap="round" stroke-linejoin="round"/>'
        + _pip(f"{p}-s", 22.5, 75, 30)
        + "</g>"
    )


def _indices(p: str) -> str:
    return f'<use href="#{p}-i"/><use href="#{p}-i" transform="rotate(180 120 180)"/>'


# --- Pip cards --------------------------------------------------------------------------------

_LEFT, _MID, _RIGHT = 78, 120, 162
_TOP, _UPPER, _CENTRE, _BOTTOM = 78, 129, 180, 282

_LAYOUT: dict[Rank, tuple[tuple[int, int], ...]] = {
    Rank.TWO: ((_MID, _TOP), (_MID, _BOTTOM)),
    Rank.THREE: ((_MID, _TOP), (_MID, _CENTRE), (_MID, _BOTTOM)),
    Rank.FOUR: ((_LEFT, _TOP), (_RIGHT, _TOP), (_LEFT, _BOTTOM), (_RIGHT, _BOTTOM)),
    Rank.FIVE: ((_LEFT, _TOP), (_RIGHT, _TOP), (_MID, _CENTRE), (_LEFT, _BOTTOM), (_RIGHT, _BOTTOM)),
    Rank.SIX: (
        (_LEFT, _TOP), (_RIGHT, _TOP), (_LEFT, _CENTRE), (_RIGHT, _CENTRE),
        (_LEFT, _BOTTOM), (_RIGHT, _BOTTOM),
    ),
    Rank.SEVEN: (
        (_LEFT, _TOP), (_RIGHT, _TOP), (_MID, _UPPER), (_LEFT, _CENTRE), (_RIGHT, _CENTRE),
        (_LEFT, _BOTTOM), (_RIGHT, _BOTTOM),
    ),
}


def _pips_body(p: str, rank: Rank) -> str:
    return "".join(_pip(f"{p}-s", x, y, 54, upside_down=y > _CENTRE) for x, y in _LAYOUT[rank])


def _ace_body(p: str, colour: str) -> str:
    """A large pip inside a laurel wreath: two gold branches meeting at a knot below."""
    leaf = "M0,-9C5,-5 5,4 0,9C-5,4-5,-5 0,-9Z"
    defs = (
        f'<defs><path id="{p}-r" d="{leaf}" transform="rotate(-40)"/>'
        f'<path id="{p}-m" d="{leaf}" transform="rotate(40)"/></defs>'
    )
    leaves = []
    for step in range(10):
        a = 30 + step * 15
        r = 83 if step % 2 else 69
        for angle, ref in ((a, "r"), (360 - a, "m")):
            leaves.append(
                f'<use href="#{p}-{ref}" transform="rotate({angle} 120 180) translate(120 {180 - r})"/>'
            )
    stem = "M146,108.6A76,76 0 1,1 94,108.6"
    return (
        defs
        + f'<path d="{stem}" fill="none" stroke="#a07a1c" stroke-width="2"/>'
        + f'<g fill="{GOLD}" stroke="#a07a1c" stroke-width=".8">{"".join(leaves)}'
        + '<path d="M120,256l-12,12l4,2l8,-10l8,10l4,-2Z"/><circle cx="120" cy="256" r="4.5"/></g>'
        + f'<circle cx="120" cy="180" r="58" fill="none" stroke="{colour}" stroke-width="1.5"/>'
        + _pip(f"{p}-s", 120, 180, 80)
    )


# --- Court figures ----------------------------------------------------------------------------
# Drawn in card units with the figure centred on x = 120, head near y = 90, feet near y = 318.


def _face(eyes_y: float, cx: float = 120, beard: str | None = None, lips: str = "#b0403c") -> str:
    """Eyes, brows, nose and mouth (the face oval is drawn by the caller)."""
    out = (
        f'<g fill="{OUTLINE}"><circle cx="{_n(cx - 6)}" cy="{_n(eyes_y)}" r="1.7"/>'
        f'<circle cx="{_n(cx + 6)}" cy="{_n(eyes_y)}" r="1.7"/></g>'
        f'<path d="M{_n(cx - 10)},{_n(eyes_y - 4)}q4,-2.5 7,0M{_n(cx + 3)},{_n(eyes_y - 4)}q4,-2.5 7,0'
        f'M{_n(cx)},{_n(eyes_y + 1)}l-2.5,8h3" fill="none" stroke="{OUTLINE}" stroke-width="1.1" '
        f'stroke-linecap="round"/>'
    )
    if beard is None:
        out += (
            f'<path d="M{_n(cx - 4)},{_n(eyes_y + 14)}q4,2.5 8,0" fill="none" stroke="{lips}" '
            f'stroke-width="1.8" stroke-linecap="round"/>'
        )
    return out


def _frame(colour: str) -> str:
    return (
        f'<rect x="44" y="14" width="152" height="332" rx="6" fill="{PAPER}" stroke="{colour}" '
        f'stroke-width="1.5"/>'
        f'<ellipse cx="120" cy="322" rx="62" ry="7" fill="#e6dcc6"/>'
    )


def _emblem(p: str, x: float, y: float, r: float = 11) -> str:
    """The suit on a white roundel, worn on the chest."""
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{WHITE}" stroke="{OUTLINE}" '
        f'stroke-width="1.2"/>' + _pip(f"{p}-s", x, y, r * 1.3)
    )


_LINE = f'stroke="{OUTLINE}" stroke-width="1.6" stroke-linejoin="round"'
"""How a court figure's shapes are outlined."""


def _king(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    beard = _BEARD[suit]
    if suit is Suit.SPADES:
        # the king of spades holds up a sword in front of him
        behind, held, top = "", (
            f'<path d="M78,194L79,78L82,68L85,78L86,194Z" fill="#d5d9de"/>'
            f'<path d="M82,80V186" stroke="#9aa0a8" stroke-width="1"/>'
            f'<path d="M70,192H94L93,198H71Z" fill="{GOLD}"/>'
            f'<path d="M80,198V214" stroke="{OUTLINE}" stroke-width="5"/>'
            f'<circle cx="82" cy="216" r="4" fill="{GOLD}"/>'
        ), ""
    else:
        # a sceptre behind the right hand, topped by the suit
        behind, held, top = (
            f'<path d="M82,116V292" stroke="{OUTLINE}" stroke-width="6" stroke-linecap="round"/>'
            f'<path d="M82,116V292" stroke="{GOLD}" stroke-width="3.4" stroke-linecap="round"/>'
            f'<circle cx="82" cy="112" r="6" fill="{GOLD}"/>'
        ), "", _pip(f"{p}-s", 82, 100, 20)
    return (
        behind
        # hair behind the head
        + f'<path d="M102,84C100,100 100,112 104,120H136C140,112 140,100 138,84Z" fill="{hair}"/>'
        # robe
        f'<path d="M90,126C80,160 76,240 70,314H170C164,240 160,160 150,126C136,117 104,117 90,126Z" fill="{main}"/>'
        f'<path d="M110,122L104,314H136L130,122Z" fill="{accent}"/>'
        f'<path d="M107,200L104,314M133,200L136,314" stroke="{GOLD}" stroke-width="3"/>'
        f'<path d="M71,300H169L170,314H70Z" fill="{GOLD}"/>'
        f'<path d="M93,190H147L148,200H92Z" fill="{GOLD}"/>'
        f'<path d="M101,314a8,5 0 0,1 16,0ZM123,314a8,5 0 0,1 16,0Z" fill="{OUTLINE}"/>'
        # ermine cape
        f'<path d="M86,130C88,116 152,116 154,130C157,146 148,156 136,158L120,166L104,158C92,156 83,146 86,130Z" fill="{WHITE}"/>'
        f'<path d="M96,136v5M108,146v5M120,134v5M132,146v5M144,136v5M114,156v4M126,156v4" stroke="{OUTLINE}" stroke-width="2.2" stroke-linecap="round"/>'
        # arms: right hand holds the sceptre, left hand rests on the belt
        f'<path d="M92,132C80,148 74,176 76,194L90,196C92,178 96,158 104,144Z" fill="{accent}"/>'
        f'<path d="M148,132C160,148 164,172 158,190L142,194C146,176 142,158 136,144Z" fill="{accent}"/>'
        f'<path d="M75,190H91L90,197H76Z" fill="{GOLD}"/><path d="M143,187H159L157,194H142Z" fill="{GOLD}"/>'
        + held
        + f'<circle cx="82" cy="203" r="7" fill="{SKIN}"/>'
        f'<circle cx="149" cy="199" r="6.5" fill="{SKIN}"/>'
        # head
        f'<ellipse cx="120" cy="92" rx="15" ry="18" fill="{SKIN}"/>'
        f'<path d="M105,93C106,112 112,126 120,130C128,126 134,112 135,93C131,100 127,103 120,103C113,103 109,100 105,93Z" fill="{beard}"/>'
        f'<path d="M111,107C115,104 125,104 129,107C125,107 122,108 120,110C118,108 115,107 111,107Z" fill="{beard}"/>'
        # crown
        f'<path d="M103,77L100,52L110,64L115,46L120,60L125,46L130,64L140,52L137,77Z" fill="{GOLD}"/>'
        f'<path d="M103,70H137V79H103Z" fill="{GOLD}"/>'
        "</g>"
        f'<g fill="{accent}"><circle cx="111" cy="74.5" r="2"/><circle cx="129" cy="74.5" r="2"/></g>'
        f'<circle cx="120" cy="74.5" r="2.2" fill="{RED}"/>'
        + _face(89, beard=beard)
        + top
    )


def _queen(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    return (
        # veil and long hair behind
        f'<path d="M106,70C92,90 88,120 86,146L154,146C152,120 148,90 134,70Z" fill="{WHITE}"/>'
        f'<path d="M104,80C96,100 96,124 100,140C110,146 130,146 140,140C144,124 144,100 136,80Z" fill="{hair}"/>'
        # gown: skirt, then bodice
        f'<path d="M102,184C90,230 76,280 64,314H176C164,280 150,230 138,184Z" fill="{main}"/>'
        f'<path d="M113,188L106,314H134L127,188Z" fill="{accent}"/>'
        f'<path d="M67,302H173L176,314H64Z" fill="{GOLD}"/>'
        f'<path d="M90,250H150M84,270H156" stroke="{GOLD}" stroke-width="3" fill="none"/>'
        f'<path d="M100,120C112,126 128,126 140,120L146,130L138,190H102L94,130Z" fill="{main}"/>'
        f'<path d="M108,123C113,136 127,136 132,123" fill="{SKIN}"/>'
        f'<path d="M98,184H142L141,193H99Z" fill="{GOLD}"/>'
        # puffed sleeves, hands together at the waist holding a flower
        f'<path d="M96,124C82,132 84,160 100,178L114,172C104,160 104,144 108,130Z" fill="{accent}"/>'
        f'<path d="M144,124C158,132 156,160 140,178L126,172C136,160 136,144 132,130Z" fill="{accent}"/>'
        f'<path d="M128,172L146,108" stroke="#3e7a32" stroke-width="2.4" fill="none"/>'
        f'<path d="M134,138c6,-8 14,-6 14,-6c-2,6 -8,10 -14,6Z" fill="#4e9a3c"/>'
        f'<circle cx="112" cy="174" r="6.5" fill="{SKIN}"/><circle cx="128" cy="174" r="6.5" fill="{SKIN}"/>'
        # neck and head
        f'<path d="M114,104V122H126V104Z" fill="{SKIN}"/>'
        f'<ellipse cx="120" cy="92" rx="14" ry="17" fill="{SKIN}"/>'
        f'<path d="M106,88C106,74 134,74 134,88C130,80 124,79 120,84C116,79 110,80 106,88Z" fill="{hair}"/>'
        # crown with a veil
        f'<path d="M106,78L104,60L112,70L120,54L128,70L136,60L134,78Z" fill="{GOLD}"/>'
        "</g>"
        # flower
        f'<g fill="{accent}" stroke="{OUTLINE}" stroke-width="1">'
        f'<circle cx="146" cy="102" r="4.5"/><circle cx="152" cy="108" r="4.5"/><circle cx="146" cy="114" r="4.5"/>'
        f'<circle cx="140" cy="108" r="4.5"/></g><circle cx="146" cy="108" r="3.2" fill="{GOLD}" stroke="{OUTLINE}"/>'
        f'<g fill="{GOLD}" stroke="{OUTLINE}" stroke-width=".8">'
        + "".join(f'<circle cx="{x}" cy="{y}" r="1.8"/>' for x, y in ((110, 124), (115, 129), (120, 131), (125, 129), (130, 124)))
        + "</g>"
        f'<circle cx="120" cy="57" r="2.6" fill="{RED}" stroke="{OUTLINE}"/>'
        + _face(90)
    )


def _jack(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    return (
        # halberd
        f'<path d="M80,58V318" stroke="{OUTLINE}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M80,58V318" stroke="#8a5a2b" stroke-width="3.4" stroke-linecap="round"/>'
        f'<path d="M80,26L85,50H75Z" fill="#c9cdd2"/>'
        f'<path d="M82,52C94,50 100,58 100,70C100,82 94,88 82,86Z" fill="#c9cdd2"/>'
        f'<path d="M78,60L66,64L78,70Z" fill="#c9cdd2"/>'
        # hose and shoes
        f'<path d="M106,226L103,306H117L119,226Z" fill="{accent}"/>'
        f'<path d="M121,226L123,306H137L134,226Z" fill="{GOLD}"/>'
        f'<path d="M102,304C94,306 92,314 96,316H118V304ZM122,304V316H144C148,314 146,306 138,304Z" fill="{OUTLINE}"/>'
        # sword at the left hip
        f'<path d="M145,200L168,282" stroke="{OUTLINE}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M145,200L168,282" stroke="#9aa0a8" stroke-width="3.4" stroke-linecap="round"/>'
        # tunic
        f'<path d="M94,122C106,116 134,116 146,122L150,150L142,190C152,206 154,222 154,236C136,244 104,244 86,236C86,222 88,206 98,190L90,150Z" fill="{main}"/>'
        f'<path d="M114,122L112,190H128L126,122Z" fill="{accent}"/>'
        f'<path d="M87,226C104,234 136,234 153,226L154,236C136,244 104,244 86,236Z" fill="{GOLD}"/>'
        f'<path d="M97,186H143L142,195H98Z" fill="{GOLD}"/>'
        f'<path d="M137,184L153,200" stroke="{OUTLINE}" stroke-width="3" stroke-linecap="round"/>'
        # arms: right hand on the halberd, left hand on the sword hilt
        f'<path d="M96,126C84,134 78,150 76,176L90,180C92,162 98,150 104,140Z" fill="{main}"/>'
        f'<path d="M144,126C156,134 160,158 152,184L138,180C142,166 140,150 136,140Z" fill="{main}"/>'
        f'<path d="M75,170H91L90,178H76Z" fill="{GOLD}"/><path d="M139,174H155L153,182H138Z" fill="{GOLD}"/>'
        f'<circle cx="81" cy="186" r="7" fill="{SKIN}"/><circle cx="146" cy="190" r="6.5" fill="{SKIN}"/>'
        # collar, neck and head
        f'<path d="M112,104V122H128V104Z" fill="{SKIN}"/>'
        f'<path d="M104,118C110,128 130,128 136,118L140,124C130,134 110,134 100,124Z" fill="{WHITE}"/>'
        f'<path d="M106,84C104,94 104,100 106,104H134C136,100 136,94 134,84Z" fill="{hair}"/>'
        f'<ellipse cx="120" cy="94" rx="14" ry="17" fill="{SKIN}"/>'
        # feathered cap
        f'<path d="M136,74C150,60 160,44 156,26C150,42 140,56 130,72Z" fill="{WHITE}"/>'
        f'<path d="M101,84C96,64 144,58 142,80C132,74 112,74 101,84Z" fill="{accent}"/>'
        f'<path d="M100,80C112,74 130,74 143,78L144,86C130,80 112,80 100,88Z" fill="{main}"/>'
        "</g>"
        + _face(94)
    )


_COURTS = {Rank.KING: (_king, 232), Rank.QUEEN: (_queen, 230), Rank.JACK: (_jack, 160)}
"""Each court figure, and the height of the suit's emblem on its chest."""


# --- Public API -------------------------------------------------------------------------------


def _code(card: Card) -> str:
    return card.rank.value + card.suit.value


def card_svg(card: Card, four_colour: bool = False) -> str:
    """One card face as SVG text, titled with the card's accessible name ('king of clubs')."""
    p = _code(card)
    colour = suit_colour(card.suit, four_colour)
    defs = f'<path id="{p}-s" d="{_SUIT_PATH[card.suit]}" fill="{colour}"/>' + _index_defs(p, card.rank, colour)
    if card.rank is Rank.ACE:
        body = _ace_body(p, colour)
    elif card.rank in _COURTS:
        accent = _ACCENT[(card.suit, four_colour)]
        figure, chest = _COURTS[card.rank]
        body = (_frame(colour) + f'<g {_LINE}>' + figure(p, card.suit, colour, accent, _HAIR[card.suit])
                + _emblem(p, 120, chest, 12))
    else:
        body = _pips_body(p, card.rank)
    return _open(card.name, defs) + _blank() + body + _indices(p) + "</svg>\n"


def back_svg() -> str:
    """The back: a lattice of small gold lozenges on deep red, inside a white margin."""
    tile = (
        '<pattern id="back-t" width="20" height="20" patternUnits="userSpaceOnUse" x="10" y="10">'
        '<rect width="20" height="20" fill="#7d1a24"/>'
        '<path d="M0,10L10,0L20,10L10,20Z" fill="none" stroke="#c99a3a" stroke-width="1"/>'
        '<path d="M10,6L14,10L10,14L6,10Z" fill="#e6b73e"/>'
        '<circle cx="0" cy="0" r="1.6" fill="#f3e2b3"/><circle cx="20" cy="0" r="1.6" fill="#f3e2b3"/>'
        '<circle cx="0" cy="20" r="1.6" fill="#f3e2b3"/><circle cx="20" cy="20" r="1.6" fill="#f3e2b3"/>'
        "</pattern>"
    )
    return back_of(tile, '<rect x="19" y="19" width="202" height="322" rx="3" fill="none" '
                         'stroke="#f3e2b3" stroke-width="1.5"/>', "#5a1019")


def back_of(tile: str, frame: str, edge: str) -> str:
    """A back (either deck's): the pattern ``tile`` (id ``back-t``) inside a white margin,
    the ``frame`` drawn on it, and its ``edge`` colour."""
    return (
        _open("card back", tile)
        + _blank()
        + '<rect x="14" y="14" width="212" height="332" rx="6" fill="url(#back-t)"/>'
        + frame
        + f'<rect x="14" y="14" width="212" height="332" rx="6" fill="none" stroke="{edge}" stroke-width="2"/>'
        + "</svg>\n"
    )


def all_card_svgs(four_colour: bool = False) -> dict[str, str]:
    """File name ('KC.svg', ..., 'back.svg') to SVG text, in pack order then the back."""
    return card_files(card_svg, back_svg, four_colour)


def card_files(face: Callable[[Card, bool], str], back: Callable[[], str],
               four_colour: bool) -> dict[str, str]:
    """A deck's files from its drawing of a face and of the back: 'KC.svg', ..., 'back.svg'."""
    files = {f"{_code(card)}.svg": face(card, four_colour) for card in CARDS}
    files["back.svg"] = back()
    return files
