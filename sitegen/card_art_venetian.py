"""The Venetian pack (Trevisane, or Trevigiane), drawn as SVG by code beside the Toscane one.

The Venetian pattern is Italian-suited: cups (coppe), coins (denari), swords (spade) and
batons (bastoni), with three court cards in each suit, the knave (fante), the horse and its
rider (cavallo) and the king (re). Here, as players map them onto a French-suited pack:
hearts are cups, diamonds coins, clubs batons and spades swords; the queen's place is the
horse's. The engine keeps its notation ("QH" is the horse of cups); only the pictures and the
words change (engine.cards.naming).

The drawings follow the pattern's traditions in a simple, clean line: coins as gold discs
with a rosette; cups as goblets; swords as curved blades, paired into a lens, with a straight
one through the middle when the count is odd; batons as knotty clubs crossed like an X, the
odd one upright; decorated aces; full-length courts in red, blue, green and gold. The corner
index is a number (1 to 7, then 8 for the knave, 9 the horse and 10 the king, the values Scopa
counts with) above a small mark of the suit, so a card fanned in a hand still says what it is.

Everything else is as in :mod:`sitegen.card_art`: a 240 x 360 viewBox, ``role="img"`` and a
``<title>`` with the card's name in the Venetian words, no font, no external reference,
deterministic output (goldens in tests/golden/cards/venetian*), ids prefixed by the card's
notation. The four-colour variant inks the indices as the Toscane four colours do for the
same card (batons green, coins blue, cups red, swords black); the normal indices are black.
"""

from __future__ import annotations

import math

from engine.cards import CARDS, Card, Rank, Suit, naming

from .card_art import GOLD, OUTLINE, SKIN, WHITE, _blank, _circle_path, _code, _GLYPH, _n, _open, suit_colour
from .card_art import back_of, card_files

__all__ = ["card_svg", "back_svg", "all_card_svgs"]

RED = "#c8202e"
BLUE = "#2d5ea8"
GREEN = "#2e7d4f"
BROWN = "#8a5a2b"
STEEL = "#c9d6e6"
DARK_GOLD = "#a8741a"
LEAF = "#3e8a3a"

# --- Suit symbols, each a group in a 100 x 100 box centred on 0,0 ------------------------------


def _rosette(r_out: float, r_in: float, points: int = 8) -> str:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / points
        out.append(f"{_n(r * math.sin(a))},{_n(-r * math.cos(a))}")
    return "M" + "L".join(out) + "Z"


_SYMBOL = {
    Suit.DIAMONDS: (   # coins: a gold disc, a ring, a red rosette
        f'<circle r="46" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="3"/>'
        f'<circle r="34" fill="none" stroke="{DARK_GOLD}" stroke-width="4"/>'
        f'<path d="{_rosette(24, 10)}" fill="{RED}" stroke="{OUTLINE}" stroke-width="2"/>'
        f'<circle r="5" fill="{GOLD}"/>'
    ),
    Suit.HEARTS: (     # cups: a goblet with a red band and a red knop
        f'<g stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round">'
        f'<path d="M-24,48C-22,36-10,30 0,30C10,30 22,36 24,48ZM-5,6H5L4,32H-4Z" fill="{GOLD}"/>'
        f'<path d="M-36,-46H36C36,-10 20,6 0,8C-20,6-36,-10-36,-46Z" fill="{GOLD}"/>'
        f'<path d="M-36,-40H36L35,-28H-35Z" fill="{RED}"/>'
        f'<ellipse cy="18" rx="11" ry="6" fill="{RED}"/></g>'
    ),
    Suit.SPADES: None,  # swords: drawn by _sword (the symbol is one curved sword)
    Suit.CLUBS: (      # batons: a knotty club, thick at the head, with a red grip
        f'<path d="M-5,48L-10,-38C-11,-50 11,-50 10,-38L5,48Z'
        f'M-8,-16C-14,-20-17,-18-17,-14C-15,-11-11,-11-8,-10ZM8,4C14,0 17,2 17,6C15,9 11,9 7,10Z" fill="{BROWN}" '
        f'stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M-5,34H5" stroke="{RED}" stroke-width="8"/>'
        f'<path d="M-3,-30C0,-36 3,-36 4,-30" fill="none" stroke="#c99a5a" stroke-width="2.5"/>'
    ),
}


def _hilt(p: str) -> str:
    """A sword's hilt at 0,0, the blade going up (-y): a gold guard, a red grip, a pommel."""
    return (
        f'<g id="{p}-h" stroke="{OUTLINE}" stroke-width="1.5">'
        f'<path d="M-13,-4H13V2H-13Z" fill="{GOLD}"/><path d="M-3,2H3V20H-3Z" fill="{RED}"/>'
        f'<circle cy="23" r="4.5" fill="{GOLD}"/></g>'
    )


def _blade(hx: float, hy: float, tx: float, ty: float, bulge: float, w: float = 4.5) -> str:
    """A blade from its hilt (hx, hy) to its tip, curving sideways by ``bulge`` at the middle
    (a quadratic curve; negative bulges to the left)."""
    cx = (hx + tx) / 2 + 2 * bulge     # the control point that puts the curve's middle
    cy = (hy + ty) / 2                 # `bulge` aside
    k = w * 1.7
    return (f"M{_n(hx - w)},{_n(hy)}Q{_n(cx - k)},{_n(cy)} {_n(tx)},{_n(ty)}"
            f"Q{_n(cx + k)},{_n(cy)} {_n(hx + w)},{_n(hy)}Z")


def _sword(p: str, hx: float, hy: float, tx: float, ty: float, bulge: float) -> str:
    """A whole sword: the curved blade and the hilt turned along it."""
    cx = (hx + tx) / 2 + 2 * bulge
    angle = math.degrees(math.atan2(ty - hy, cx - hx)) + 90
    return (f'<path d="{_blade(hx, hy, tx, ty, bulge)}"/>'
            f'<use href="#{p}-h" transform="translate({_n(hx)} {_n(hy)}) rotate({_n(angle)})"/>')


def _symbol_defs(p: str, suit: Suit) -> str:
    if suit is Suit.SPADES:
        return (_hilt(p) + f'<g id="{p}-s" fill="{STEEL}" stroke="{OUTLINE}" stroke-width="2">'
                + _sword(p, 4, 30, 8, -50, -16) + "</g>")
    return f'<g id="{p}-s">{_SYMBOL[suit]}</g>'


def _use(ref: str, x: float, y: float, size: float, turn: float = 0, wide: float = 1) -> str:
    """A symbol ``size`` units tall centred on (x, y), turned by ``turn`` degrees, its width
    times ``wide`` (a thinner baton, a bolder sword in the corner)."""
    rot = f" rotate({_n(turn)})" if turn else ""
    scale = _n(size / 100) if wide == 1 else f"{_n(size * wide / 100)} {_n(size / 100)}"
    return f'<use href="#{ref}" transform="translate({_n(x)} {_n(y)}){rot} scale({scale})"/>'


# --- Corner index: the Venetian number above a small mark of the suit --------------------------

_GLYPHS = {
    **_GLYPH,
    "1": "M5,6L12,0V32",
    "0": "M10,0C4.5,0 1,6 1,16C1,26 4.5,32 10,32C15.5,32 19,26 19,16C19,6 15.5,0 10,0Z",
    "8": "M10,15C5,15 2,12 2,7.5C2,3 5.5,0 10,0C14.5,0 18,3 18,7.5C18,12 15,15 10,15"
         "C4.5,15 1,18.5 1,23.5C1,28.5 5,32 10,32C15,32 19,28.5 19,23.5C19,18.5 15.5,15 10,15Z",
    "9": "M18.5,13C17.5,17 14,19.5 9.5,19.5C4.5,19.5 1,16 1,10C1,4 4.5,0 9.5,0C15,0 18.5,5 18.5,15"
         "C18.5,26 15,32 9,32C6.5,32 4.5,31 3,29",
}
NUMBER = {Rank.ACE: "1", Rank.JACK: "8", Rank.QUEEN: "9", Rank.KING: "10"}


_MARK_WIDTH = {Suit.SPADES: 2, Suit.CLUBS: 1.5}
"""The corner's suit mark is widened for the slender suits, to read at a small size."""


def _index_defs(p: str, suit: Suit, rank: Rank, ink: str) -> str:
    number = NUMBER.get(rank, rank.value)
    if len(number) == 1:
        glyphs = f'<path d="{_GLYPHS[number]}" transform="translate(9 12) scale(1.35)"/>'
    else:   # "10": two narrower figures
        glyphs = (f'<path d="{_GLYPHS["1"]}" transform="translate(4 12) scale(.9 1.35)"/>'
                  f'<path d="{_GLYPHS["0"]}" transform="translate(20 12) scale(.9 1.35)"/>')
    return (
        f'<g id="{p}-i"><g fill="none" stroke="{ink}" stroke-width="4.4" stroke-linecap="round" '
        f'stroke-linejoin="round">{glyphs}</g>'
        + _use(f"{p}-s", 22.5, 77, 32, wide=_MARK_WIDTH.get(suit, 1)) + "</g>"
    )


def _indices(p: str) -> str:
    return f'<use href="#{p}-i"/><use href="#{p}-i" transform="rotate(180 120 180)"/>'


def index_colour(suit: Suit, four_colour: bool) -> str:
    """The ink of the corner number: black, or in four colours the Toscane card's colour."""
    return suit_colour(suit, True) if four_colour else OUTLINE


# --- Pip cards ----------------------------------------------------------------------------------

# Coins and cups: where each one stands, and how big (units wide).
_ROUND: dict[Rank, tuple[float, tuple[tuple[int, int], ...]]] = {
    Rank.TWO: (84, ((120, 98), (120, 262))),
    Rank.THREE: (70, ((84, 90), (120, 180), (156, 270))),
    Rank.FOUR: (66, ((82, 100), (158, 100), (82, 260), (158, 260))),
    Rank.FIVE: (62, ((80, 96), (160, 96), (120, 180), (80, 264), (160, 264))),
    Rank.SIX: (58, ((80, 82), (160, 82), (80, 180), (160, 180), (80, 278), (160, 278))),
    Rank.SEVEN: (54, ((80, 80), (160, 80), (120, 130), (80, 180), (160, 180), (80, 280), (160, 280))),
}


def _round_pips(p: str, rank: Rank) -> str:
    size, spots = _ROUND[rank]
    return "".join(_use(f"{p}-s", x, y, size) for x, y in spots)


def _sword_pips(p: str, rank: Rank) -> str:
    """Pairs of curved swords meeting at hilt and tip in nested lenses; an odd one upright."""
    count = int(rank.value)
    pairs = count // 2
    spread = {1: (72,), 2: (58, 86), 3: (48, 70, 92)}[pairs] if pairs else ()
    out = []
    for k, bulge in enumerate(spread):
        h, t = 12 + 14 * k, 6 + 10 * k
        out.append(_sword(p, 120 + h, 304 - 6 * k, 120 + t, 54 + 12 * k, -bulge))
        out.append(_sword(p, 120 - h, 304 - 6 * k, 120 - t, 54 + 12 * k, bulge))
    if count % 2:
        out.append(_sword(p, 120, 312, 120, 46, 0))
    return f'<g fill="{STEEL}" stroke="{OUTLINE}" stroke-width="2">' + "".join(out) + "</g>"


def _baton_pips(p: str, rank: Rank) -> str:
    """Batons crossed like an X, in as many pairs as fit the count; an odd one upright."""
    count = int(rank.value)
    pairs = count // 2
    offsets = {1: (0,), 2: (-28, 28), 3: (-50, 0, 50)}[pairs] if pairs else ()
    size = 260 if pairs < 3 else 250
    out = []
    for turn in (-27, 27):
        for d in offsets:
            a = math.radians(turn)
            x, y = 120 + d * math.cos(a), 180 + d * math.sin(a)
            out.append(_use(f"{p}-s", x, y, size, turn, .5))
    if count % 2:
        out.append(_use(f"{p}-s", 120, 180, 270, 0, .5))
    return "".join(out)


# --- Aces ---------------------------------------------------------------------------------------


def _laurel(p: str) -> str:
    """Two green branches along the lower half of a circle, tied with a red bow."""
    leaf = "M0,0C4,-6 4,-14 0,-20C-4,-14-4,-6 0,0Z"
    out = [f'<defs><path id="{p}-l" d="{leaf}"/></defs>'
           f'<path d="M114,274A88,88 0 0,1 44,150M126,274A88,88 0 0,0 196,150" fill="none" '
           f'stroke="#1f5a22" stroke-width="2.5"/><g fill="{LEAF}" stroke="#1f5a22" stroke-width=".8">']
    for step in range(6):
        a = 196 + step * 14
        for angle in (a, 360 - a):
            for tilt in (-50, 50):
                out.append(f'<use href="#{p}-l" transform="rotate({angle} 120 180) translate(120 92) '
                           f'rotate({tilt})"/>')
    out.append(f'</g><path d="M120,272l-14,12l5,3l9,-9l9,9l5,-3Z" fill="{RED}" stroke="{OUTLINE}"/>'
               f'<circle cx="120" cy="272" r="5" fill="{RED}" stroke="{OUTLINE}"/>')
    return "".join(out)


def _ace(p: str, suit: Suit) -> str:
    if suit is Suit.DIAMONDS:   # a great coin in a sunburst
        rays = "".join(
            f'<path d="M120,180L{_n(120 + 96 * math.sin(a - .1))},{_n(180 - 96 * math.cos(a - .1))}'
            f'L{_n(120 + 108 * math.sin(a))},{_n(180 - 108 * math.cos(a))}'
            f'L{_n(120 + 96 * math.sin(a + .1))},{_n(180 - 96 * math.cos(a + .1))}Z"/>'
            for a in (math.pi * i / 8 for i in range(16)))
        return (f'<g fill="{GOLD}" stroke="{DARK_GOLD}" stroke-width="1.5">{rays}</g>'
                f'<circle cx="120" cy="180" r="86" fill="{RED}" stroke="{OUTLINE}" stroke-width="2"/>'
                + _use(f"{p}-s", 120, 180, 160)
                + f'<path d="{_rosette(14, 6, 6)}" transform="translate(120 180)" fill="{GOLD}"/>')
    if suit is Suit.HEARTS:     # a tall goblet between laurels, a gold crown for its lid
        return (_laurel(p) + _use(f"{p}-s", 120, 186, 150)
                + f'<path d="M92,104L88,78L102,90L110,70L120,86L130,70L138,90L152,78L148,104Z" '
                f'fill="{GOLD}" stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
                f'<circle cx="120" cy="96" r="4" fill="{RED}"/>')
    if suit is Suit.SPADES:     # an upright sword through a crown, between laurels
        return (_laurel(p)
                + f'<g fill="{STEEL}" stroke="{OUTLINE}" stroke-width="2.5">'
                + f'<path d="{_blade(120, 290, 120, 40, 0, 9)}"/>'
                + f'<use href="#{p}-h" transform="translate(120 290) scale(1.6)"/></g>'
                + f'<path d="M96,168L92,138L106,152L113,130L120,148L127,130L134,152L148,138L144,168Z" '
                f'fill="{GOLD}" stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
                f'<circle cx="120" cy="160" r="4" fill="{RED}"/>')
    # batons: a great club, a green sprig at its knots, laurels
    return (_laurel(p) + _use(f"{p}-s", 120, 176, 250)
            + f'<g fill="{LEAF}" stroke="#1f5a22" stroke-width="1">'
            f'<path d="M96,124C84,112 86,100 86,100C98,102 104,112 96,124Z"/>'
            f'<path d="M146,180C158,170 164,172 164,172C160,184 152,186 146,180Z"/></g>')


# --- Courts -------------------------------------------------------------------------------------
# The suit's clothes: main colour and accent.
_CLOTHES = {Suit.HEARTS: (RED, BLUE), Suit.DIAMONDS: (BLUE, RED),
            Suit.SPADES: (GREEN, RED), Suit.CLUBS: (RED, GREEN)}
_HAIR = {Suit.HEARTS: "#c9963c", Suit.DIAMONDS: "#5a3a22", Suit.SPADES: "#3a2a1e", Suit.CLUBS: "#a8642a"}

_LINE = f'stroke="{OUTLINE}" stroke-width="1.6" stroke-linejoin="round"'


def _face(cx: float, eyes: float, beard: str | None = None) -> str:
    out = (f'<g fill="{OUTLINE}"><circle cx="{_n(cx - 5)}" cy="{_n(eyes)}" r="1.6"/>'
           f'<circle cx="{_n(cx + 5)}" cy="{_n(eyes)}" r="1.6"/></g>'
           f'<path d="M{_n(cx)},{_n(eyes + 1)}l-2,7h3" fill="none" stroke="{OUTLINE}" stroke-width="1.1"/>')
    if beard:
        out += (f'<path d="M{_n(cx - 13)},{_n(eyes + 2)}C{_n(cx - 12)},{_n(eyes + 22)} {_n(cx + 12)},'
                f'{_n(eyes + 22)} {_n(cx + 13)},{_n(eyes + 2)}C{_n(cx + 8)},{_n(eyes + 12)} {_n(cx - 8)},'
                f'{_n(eyes + 12)} {_n(cx - 13)},{_n(eyes + 2)}Z" fill="{beard}" {_LINE}/>')
    else:
        out += (f'<path d="M{_n(cx - 3.5)},{_n(eyes + 12)}q3.5,2 7,0" fill="none" stroke="#b0403c" '
                f'stroke-width="1.6"/>')
    return out


def _head(cx: float, top: float, hair: str, hat: str, beard: str | None = None) -> str:
    """Hair, a face and its headgear: 'crown', or a cap in a colour."""
    eyes = top + 19
    out = (f'<path d="M{_n(cx - 15)},{_n(top + 6)}C{_n(cx - 18)},{_n(top + 26)} {_n(cx - 14)},{_n(top + 36)} '
           f'{_n(cx - 10)},{_n(top + 40)}H{_n(cx + 10)}C{_n(cx + 14)},{_n(top + 36)} {_n(cx + 18)},'
           f'{_n(top + 26)} {_n(cx + 15)},{_n(top + 6)}Z" fill="{hair}"/>'
           f'<ellipse cx="{_n(cx)}" cy="{_n(top + 20)}" rx="13" ry="16" fill="{SKIN}"/>')
    if hat == "crown":
        out += (f'<path d="M{_n(cx - 15)},{_n(top + 8)}l-2,-24l9,10l8,-16l8,16l9,-10l-2,24Z" fill="{GOLD}"/>'
                f'<circle cx="{_n(cx)}" cy="{_n(top)}" r="2.6" fill="{RED}"/>')
    else:
        out += (f'<path d="M{_n(cx - 17)},{_n(top + 8)}C{_n(cx - 16)},{_n(top - 10)} {_n(cx + 16)},{_n(top - 12)} '
                f'{_n(cx + 20)},{_n(top + 6)}L{_n(cx + 30)},{_n(top + 4)}L{_n(cx + 17)},{_n(top + 11)}Z" fill="{hat}"/>'
                f'<path d="M{_n(cx + 8)},{_n(top - 4)}c8,-14 18,-16 22,-24c0,12 -10,22 -20,26Z" fill="{WHITE}"/>')
    return out + _face(cx, eyes, beard)


def _held(p: str, suit: Suit, x: float, y: float, scale: float = 1) -> str:
    """The suit held in a hand at (x, y): a cup or coin up in the hand, a sword or a baton
    resting on the shoulder."""
    if suit is Suit.SPADES:
        return _use(f"{p}-s", x + 4, y - 58 * scale, 150 * scale, 8)
    if suit is Suit.CLUBS:
        return _use(f"{p}-s", x + 6, y - 44 * scale, 130 * scale, 14)
    return _use(f"{p}-s", x, y - 20 * scale, 40 * scale)


def _king(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    return (
        f'<path d="M92,124C80,170 74,250 66,316H174C166,250 160,170 148,124C132,114 108,114 92,124Z" fill="{main}"/>'
        f'<path d="M110,120L100,316H140L130,120Z" fill="{accent}"/>'
        f'<path d="M67,302H173L174,316H66ZM92,196H148L149,206H91Z" fill="{GOLD}"/>'
        f'<path d="M88,128C90,116 150,116 152,128C154,144 140,152 120,158C100,152 86,144 88,128Z" fill="{WHITE}"/>'
        f'<path d="M98,134v5M110,142v5M122,132v5M134,142v5M144,134v5" stroke="{OUTLINE}" stroke-width="2.2"/>'
        f'<path d="M148,130C162,146 166,170 160,192L146,194C148,176 144,158 138,144Z" fill="{accent}"/>'
        f'<path d="M92,130C78,140 74,158 82,176L96,170C92,160 96,150 104,144Z" fill="{accent}"/>'
        + _held(p, suit, 88, 176)
        + f'<circle cx="88" cy="176" r="7" fill="{SKIN}"/><circle cx="153" cy="198" r="6.5" fill="{SKIN}"/>'
        + _head(120, 74, hair, "crown", beard=hair)
    )


def _knave(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    return (
        f'<path d="M106,228L103,306H117L119,228ZM121,228L123,306H137L134,228Z" fill="{accent}"/>'
        f'<path d="M102,304C94,306 92,314 96,316H118V304ZM122,304V316H144C148,314 146,306 138,304Z" fill="{OUTLINE}"/>'
        f'<path d="M96,124C108,116 132,116 144,124L148,150L142,190C152,206 154,222 156,238C136,246 104,246 84,238C86,222 88,206 98,190L92,150Z" fill="{main}"/>'
        f'<path d="M86,228C104,236 136,236 154,228L156,238C136,246 104,246 84,238ZM96,186H144L143,195H97Z" fill="{GOLD}"/>'
        f'<path d="M114,122L112,190H128L126,122Z" fill="{accent}"/>'
        f'<path d="M144,128C156,136 160,160 152,186L138,182C142,166 140,150 136,140Z" fill="{main}"/>'
        f'<path d="M96,128C82,134 76,150 82,170L96,166C94,156 98,148 104,142Z" fill="{main}"/>'
        + _held(p, suit, 88, 172)
        + f'<circle cx="88" cy="172" r="7" fill="{SKIN}"/><circle cx="146" cy="190" r="6.5" fill="{SKIN}"/>'
        f'<path d="M112,104V122H128V104Z" fill="{SKIN}"/>'
        + _head(120, 78, hair, accent)
    )


def _horse(p: str, suit: Suit, main: str, accent: str, hair: str) -> str:
    """A horse walking to the left, its rider holding up the suit."""
    return (
        # tail, legs, body, neck and head
        f'<path d="M184,212C196,226 196,262 188,282C186,262 182,240 178,226Z" fill="#5a3a22"/>'
        f'<path d="M80,250L70,314H80L92,256ZM104,256L102,316H112L116,256ZM160,250L170,312H180L172,246ZM176,240L186,304H194L186,236Z" fill="{WHITE}"/>'
        f'<path d="M70,310H82V318H68ZM100,312H114V320H100ZM168,308H182V316H168ZM184,300H196V308H184Z" fill="{OUTLINE}"/>'
        f'<path d="M86,250C74,240 70,222 74,204C70,186 62,174 52,168L36,172C28,170 26,160 32,154L58,120L62,104L70,116C86,126 98,160 108,194C130,188 164,190 184,202C200,214 198,248 178,258C150,266 110,266 86,250Z" fill="{WHITE}"/>'
        f'<path d="M68,116C84,126 96,158 106,190" fill="none" stroke="#5a3a22" stroke-width="7"/>'
        f'<circle cx="52" cy="134" r="2" fill="{OUTLINE}"/>'
        # saddle cloth and bridle
        f'<path d="M112,196C130,192 150,194 164,198L160,246C142,250 124,250 108,246Z" fill="{accent}"/>'
        f'<path d="M110,238C128,242 144,242 162,238L160,246C142,250 124,250 108,246Z" fill="{GOLD}"/>'
        f'<path d="M38,162L58,150L64,122M58,150L104,176" fill="none" stroke="{RED}" stroke-width="2.5"/>'
        # rider: leg, body, arms, head
        f'<path d="M122,190L120,234L126,262H138L136,234L142,190Z" fill="{main}"/>'
        f'<path d="M118,260H140V268H118Z" fill="{OUTLINE}"/>'
        f'<path d="M112,128C122,120 142,120 152,128L156,200H108Z" fill="{main}"/>'
        f'<path d="M124,124L122,200H138L136,124Z" fill="{accent}"/><path d="M108,192H156L157,202H107Z" fill="{GOLD}"/>'
        f'<path d="M114,132C100,140 96,158 98,172L112,168C112,158 114,150 120,144Z" fill="{main}"/>'
        f'<path d="M150,132C162,146 160,176 148,196L138,188C146,172 146,158 142,146Z" fill="{main}"/>'
        + _held(p, suit, 104, 172, .9)
        + f'<circle cx="104" cy="172" r="6.5" fill="{SKIN}"/><circle cx="144" cy="196" r="6" fill="{SKIN}"/>'
        + _head(132, 82, hair, accent)
    )


_COURTS = {Rank.KING: _king, Rank.QUEEN: _horse, Rank.JACK: _knave}


# --- Public API ---------------------------------------------------------------------------------


def card_svg(card: Card, four_colour: bool = False) -> str:
    """One card face as SVG text, titled with its Venetian name ('horse of cups')."""
    p = _code(card)
    defs = _symbol_defs(p, card.suit) + _index_defs(p, card.suit, card.rank, index_colour(card.suit, four_colour))
    if card.rank is Rank.ACE:
        body = _ace(p, card.suit)
    elif card.rank in _COURTS:
        main, accent = _CLOTHES[card.suit]
        body = (f'<rect x="44" y="14" width="152" height="332" rx="6" fill="#fbf6ea" stroke="{main}" '
                f'stroke-width="1.5"/><g {_LINE}>' + _COURTS[card.rank](p, card.suit, main, accent,
                                                                         _HAIR[card.suit]) + "</g>")
    elif card.suit is Suit.SPADES:
        body = _sword_pips(p, card.rank)
    elif card.suit is Suit.CLUBS:
        body = _baton_pips(p, card.rank)
    else:
        body = _round_pips(p, card.rank)
    with naming("venetian"):
        title = card.name
    return _open(title, defs) + _blank() + body + _indices(p) + "</svg>\n"


def back_svg() -> str:
    """The back: a blue and gold trellis with small red flowers, inside a white margin."""
    tile = (
        '<pattern id="back-t" width="24" height="24" patternUnits="userSpaceOnUse" x="12" y="12">'
        '<rect width="24" height="24" fill="#1f3f78"/>'
        '<path d="M0,0L24,24M24,0L0,24" stroke="#c99a3a" stroke-width="1.2"/>'
        f'<path d="{_circle_path(12, 12, 3.4)}" fill="#c8202e"/><circle cx="12" cy="12" r="1.3" fill="#f3e2b3"/>'
        "</pattern>"
    )
    return back_of(tile, '<rect x="20" y="20" width="200" height="320" rx="3" fill="none" '
                         'stroke="#e6b73e" stroke-width="2"/>', "#142a52")


def all_card_svgs(four_colour: bool = False) -> dict[str, str]:
    """File name ('KC.svg', ..., 'back.svg') to SVG text, in pack order then the back."""
    return card_files(card_svg, back_svg, four_colour)
