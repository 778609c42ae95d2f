"""Plays a game of each variant on Curio's browser board by clicks, in a
real headless Chromium driven over WebDriver (selenium).

Usage: play.py CURIO_BINARY [SCREENSHOT_DIR [VARIANT...]]

For every move of the person: the moves the page offers are read from the
page, one is chosen (the special turns each game must show are preferred
when offered: a Dysnomia denial, a column entered and one left, a Strange
Chess spell, Wall turn and rescue, a Reality Check drop), and it is made by clicking its squares on the
board, then the button of the move when the clicks leave several open, or
the button of a move that names no square (the denial). After every move,
the page's board (each square's `data-piece`) is compared with the board
field of the engine's FEN, read over HTTP from the server and parsed here
(in Reality Check, which sends no FEN, with the person's view the server
sends).
A game ends in a result (mate, a rule's draw, exile...) or, after MAX_PLIES,
by resigning; the result must show on the page. Exits non-zero on any
mismatch, refused click, page error or timeout.
"""

import json
import os
import random
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

MAX_PLIES = 160
GAMES = ["trubix", "trubix43", "chess", "strangechess", "dysnomia", "realitycheck"]
# The person's side: Black in Dysnomia, where Black holds the denial right
# from the start (and the board is drawn turned round), and in Trubix-43.
SIDE = {"dysnomia": "black", "trubix43": "black"}
# Games from a set-up position (through the page's FEN box) for what a
# random game seldom offers: a Strange Chess siege that White's Knight can
# lift (a rescue, the victim stepping aside), with a Black Queen and Rook
# to end the game.
# Set-up games that offer a game's special turns at once, whatever the
# engine's replies in the game from the start (Dysnomia: the a8 Knight
# rides its Rook and may leave it; the c2 Knight and the a8 column may
# enter White's Rook on a1).
SET_UP = {"strangechess": ["11k/11q/1r10/12/12/12/5(Bh)6/12/4N7/12/12/K11 w - - 0 1 sieges=f6b4"],
          "dysnomia": ["(rn)3k3/8/8/8/8/8/2n5/R6K b - - 0 1"]}


def fail(why):
    print("FAIL:", why, flush=True)
    sys.exit(1)


def fen_cells(variant, board):
    """The board field of a FEN as {square name: contents}, read from the
    notation's rules (ranks from the top, runs of empty squares, `*` holes,
    parenthesised groups), independently of the server's own reader."""
    rows = board.split("/")
    first = 0 if variant.startswith("trubix") else 1
    cells = {}
    for i, row in enumerate(rows):
        rank = first + len(rows) - 1 - i
        f = 0
        for tok in re.findall(r"\d+|\*|\([^)]*\)|.", row):
            if tok.isdigit():
                for _ in range(int(tok)):
                    cells[(f, rank)] = None
                    f += 1
                continue
            cells[(f, rank)] = "*" if tok == "*" else tok.strip("()")
            f += 1
    named = {}
    for (f, rank), c in cells.items():
        edge = rank in (0, 10)
        if variant == "trubix43" and edge and f in (1, 3):
            name = ("bc" if f == 1 else "cd") + str(rank)
        else:
            name = "abcdefghijkl"[f] + str(rank)
        if c == "*" and variant != "strangechess":
            continue  # outside the board
        named[name] = c
    return named


def api(base, path, fields):
    url = base + path + "?" + urllib.parse.urlencode(fields)
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def page_state(d):
    return d.execute_script("return S")


def wait(d, cond, what, timeout=60, quiet=False):
    """`cond()`'s first true value within `timeout` seconds; on a timeout,
    fails (or, `quiet`, returns None for the caller to say more)."""
    end = time.time() + timeout
    while time.time() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.1)
    if quiet:
        return None
    fail(f"timed out waiting for {what}")


def check_board(d, base, variant, session):
    st = api(base, "/api/state", {"session": session})
    if variant == "realitycheck":
        # No FEN reaches the page (it would hold Curio's hidden faces):
        # the page must draw the person's view the server sends, every one
        # of Curio's chips with its hidden face `?` unless it was seen.
        want = {c["name"]: c["piece"] for c in st["board"]["cells"]}
        if st["fen"] is not None:
            fail("a Reality Check FEN reached the page")
    else:
        want = fen_cells(variant, st["fen"].split()[0])
    got = d.execute_script(
        "return [...document.querySelectorAll('#board g.cell')].map("
        "g => [g.dataset.square, g.dataset.hole ? '*' : (g.dataset.piece || null)])"
    )
    got = dict(got)
    if got != want:
        diff = {k: (got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)}
        fail(f"{variant}: page board differs from the engine's FEN {st['fen']}: {diff}")
    return st


def special(variant, moves, cells, seen):
    """A move of a kind the test must show, if one is offered."""
    def first(pred, kind):
        if kind in seen and random.random() < 0.8:
            return None
        for m in moves:
            if pred(m):
                return m, kind
        return None
    if variant == "dysnomia":
        return (first(lambda m: m["text"] == "@@@@", "denial")
                or first(lambda m: "^" in m["text"], "column entered")
                or first(lambda m: re.match(r"^[a-h][1-8]\[\d+\]", m["text"]), "column left"))
    if variant == "realitycheck":
        return first(lambda m: "@" in m["text"], "drop")
    if variant == "strangechess":
        return (first(lambda m: len(m["path"]) == 2 and cells.get(m["path"][0]) is None
                      and not m["text"].endswith("t"), "spell")
                or first(lambda m: re.match(r"^[a-l]\d+[a-l]\d+,.*[rv]$", m["text"]), "rescue")
                or first(lambda m: m["path"] and "W" in (cells.get(m["path"][0]) or ""), "Wall turn"))
    return None


def click_move(d, move):
    """Makes `move` by clicks: its squares, then its button if needed."""
    for sq in move["path"]:
        els = d.find_elements(By.CSS_SELECTOR, f'#board g.cell[data-square="{sq}"]')
        if not els:
            fail(f"no square {sq} on the page for {move['text']}")
        els[0].click()
        # A click redraws the board (the chosen square, the targets).
    if not move["path"]:
        btn = d.find_elements(By.CSS_SELECTOR, f'#specials button[data-move="{move["text"]}"]')
        if not btn:
            fail(f"no button for {move['text']}")
        btn[0].click()
        return
    # Either the clicks played it, or the page asks which move.
    time.sleep(0.05)
    btn = d.find_elements(By.CSS_SELECTOR, '#choices button')
    btn = [b for b in btn if b.get_attribute("data-move") == move["text"]]
    if btn:
        btn[0].click()


def set_up(d, fen):
    """Sets up `fen` through the page's FEN box, typed as a person would;
    the box then loses the focus for a few of the page's polls (every
    400 ms) before "Set up" is pressed: the polls must not put the game's
    own FEN back into a box being edited."""
    d.find_element(By.CSS_SELECTOR, "#io summary").click()
    box = d.find_element(By.ID, "fen")
    # Emptied by keys, as a person would (select all, then type over it):
    # WebDriver's clear() empties the box without an input event and
    # takes the focus away, so a poll landing before the typing put the
    # game's FEN back and the typing was appended to it (CI, 2026-11-30).
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(fen)
    d.find_element(By.ID, "title").click()
    time.sleep(1.5)
    if box.get_attribute("value") != fen:
        fail(f"the FEN typed was replaced by {box.get_attribute('value')!r} before it was set up")
    d.find_element(By.ID, "setfen").click()

    def shown():
        st = page_state(d) or {}
        return st.get("fen") == fen

    if not wait(d, shown, f"the FEN {fen} on the page", timeout=60, quiet=True):
        st = page_state(d) or {}
        fail(f"timed out waiting for the FEN {fen} on the page; the page has "
             f"{st.get('fen')!r}, says {d.find_element(By.ID, 'message').text!r}")


def play_game(d, base, variant, shots, fen=None):
    d.get(f"{base}/?variant={variant}&side={SIDE.get(variant, 'white')}&level=2")
    wait(d, lambda: page_state(d), "the page's first state")
    session = page_state(d)["session"]
    if fen:
        set_up(d, fen)
    seen = set()
    plies_before = 0
    for turn in range(MAX_PLIES):
        st = wait(d, lambda: (lambda s: s if s and (s["outcome"] or (not s["searching"] and s["moves"])) else None)(page_state(d)),
                  f"{variant}: the person's turn")
        st = check_board(d, base, variant, session)
        if st["outcome"]:
            break
        moves = page_state(d)["moves"]
        if not moves:
            continue
        cells = {c["name"]: c["piece"] for c in page_state(d)["board"]["cells"]}
        pick = special(variant, moves, cells, seen)
        if pick:
            move, kind = pick
            seen.add(kind)
        else:
            move = random.choice(moves)
        plies_before = st["plies"]
        click_move(d, move)
        wait(d, lambda: (page_state(d) or {}).get("plies", 0) > plies_before or
             (page_state(d) or {}).get("outcome"), f"{variant}: {move['text']} to be played")
        msg = d.find_element(By.ID, "message").text
        if msg:
            fail(f"{variant}: the page said {msg!r} after {move['text']}")
        hist = page_state(d)["history"]
        played = hist[plies_before] if len(hist) > plies_before else None
        # Reality Check's list holds a turn as the person saw it, with what
        # it showed (`c3c4^e2=N`, `refuse(NR),f4d3^d3=B`): its ply count
        # is checked above.
        if move["text"] != "@@@@" and variant != "realitycheck" and played != move["text"]:
            fail(f"{variant}: clicked {move['text']}, the game has {hist[plies_before:]}")
        if turn == 3 and shots and not fen:
            d.save_screenshot(os.path.join(shots, f"browser-{variant}.png"))
    else:
        d.find_element(By.ID, "resign").click()
        wait(d, lambda: (page_state(d) or {}).get("outcome"), f"{variant}: the resignation")
    st = page_state(d)
    shown = d.find_element(By.ID, "turn").text
    if not st["outcome"] or "Game over" not in shown:
        fail(f"{variant}: no result on the page ({shown!r})")
    print(f"{variant}: {st['plies']} plies, {st['outcome']}; specials: {sorted(seen)}", flush=True)
    return seen


def main():
    curio = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    random.seed(int(os.environ.get("SEED", "1")))
    server = subprocess.Popen([curio, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        m = re.search(r"http://[0-9.:]+", line)
        if not m:
            fail(f"no address from curio serve: {line!r}")
        base = m.group(0)
        o = Options()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,950"]:
            o.add_argument(a)
        if os.path.exists("/usr/bin/chromium"):
            o.binary_location = "/usr/bin/chromium"
        d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
        try:
            need = {"dysnomia": {"denial", "column entered", "column left"},
                    "strangechess": {"spell", "Wall turn", "rescue"},
                    "realitycheck": {"drop"}}
            for v in sys.argv[3:] or GAMES:
                seen = play_game(d, base, v, shots)
                for fen in SET_UP.get(v, []):
                    seen |= play_game(d, base, v, shots, fen)
                missing = need.get(v, set()) - seen
                if missing:
                    fail(f"{v}: the game never offered {sorted(missing)}")
                errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
                if errors:
                    fail(f"{v}: errors in the page: {errors}")
        finally:
            d.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("browser games: ok")


main()
