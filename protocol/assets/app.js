// Curio's browser board. It knows no rules: the server sends the board as
// named squares and every legal move with the squares a person clicks to
// choose it; a click narrows the moves down, and a move the clicks leave
// open is chosen from buttons.
"use strict";

const params = new URLSearchParams(location.search);
const CELL = 56, MARGIN = 20;
const GLYPHS = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
let S = null;          // the game's state, as the server last sent it
let sel = [];          // squares clicked so far for the move being chosen
let viewPly = null;    // an earlier position being looked at, or null
let flipped = false;
let busy = false;
// The FEN box holds text the person typed or pasted (not yet set up): the
// polls leave it alone, or a poll landing between the press and the
// release of "Set up" would send the game's own FEN instead.
let fenEdited = false;

const $ = (id) => document.getElementById(id);

function message(text) { $("message").textContent = text || ""; }

async function call(path, fields, method) {
  method = method || "POST";
  const body = new URLSearchParams(fields || {});
  let resp;
  try {
    resp = method === "GET"
      ? await fetch(path + "?" + body.toString())
      : await fetch(path, { method, body });
  } catch (e) {
    message("The server does not answer: " + e);
    return null;
  }
  const ctype = resp.headers.get("Content-Type") || "";
  if (!ctype.startsWith("application/json")) return await resp.text();
  const j = await resp.json();
  if (j.error) { message(j.error); return null; }
  return j;
}

async function act(path, fields) {
  if (!S) return;
  const j = await call(path, Object.assign({ session: S.session }, fields || {}));
  if (j && j.session) {
    message("");
    sel = [];
    viewPly = null;
    show(j);
  }
  return j;
}

// ---- start page --------------------------------------------------------

async function startPage() {
  $("start").hidden = false;
  const games = await call("/api/variants", {}, "GET");
  if (!games) return;
  for (const g of games) {
    const li = document.createElement("li");
    li.innerHTML = `<a href="/?variant=${g.id}"></a> <span></span><br><small></small>`;
    li.querySelector("a").textContent = g.title;
    if (g.hidden) li.querySelector("a").title = "your chips show both faces; Curio's hidden faces show as ?";
    li.querySelector("span").textContent = `${g.squares} squares`;
    li.querySelector("small").textContent = g.summary;
    $("games").appendChild(li);
  }
}

// ---- a game ------------------------------------------------------------

async function newGame(variant, side, level) {
  if (S) await call("/api/close", { session: S.session });
  const j = await call("/api/new", { variant, side, level });
  if (!j) return;
  sessionStorage.setItem("curio-" + variant, j.session);
  const url = `/?variant=${variant}&side=${side}&level=${level}`;
  history.replaceState(null, "", url);
  flipped = side === "black";
  sel = []; viewPly = null; fenEdited = false;
  message("");
  show(j);
}

async function gamePage(variant) {
  $("play").hidden = false;
  for (let l = 1; l <= 8; l++) {
    const o = document.createElement("option");
    o.value = l; o.textContent = l;
    $("level").appendChild(o);
  }
  const side = params.get("side") || "white";
  const level = params.get("level") || "5";
  $("side").value = side;
  $("level").value = level;
  const kept = sessionStorage.getItem("curio-" + variant);
  if (kept) {
    const j = await call("/api/state", { session: kept }, "GET");
    if (j && j.session) {
      flipped = j.mode === "black";
      message("");
      show(j);
    }
  }
  if (!S) await newGame(variant, side, level);
  $("new").onclick = () => newGame(variant, $("side").value, $("level").value);
  $("undo").onclick = () => act("/api/undo");
  $("stop").onclick = () => act("/api/stop");
  $("resign").onclick = () => act("/api/resign");
  $("analyze").onclick = () => act("/api/analyze", { on: S && S.analysing ? "0" : "1" });
  $("flip").onclick = () => { flipped = !flipped; draw(); };
  $("typed").onsubmit = (e) => {
    e.preventDefault();
    const m = $("typedmove").value.trim();
    if (m) act("/api/move", { move: m }).then((j) => { if (j) $("typedmove").value = ""; });
  };
  $("fen").oninput = () => { fenEdited = $("fen").value.trim() !== ((S && S.fen) || ""); };
  $("setfen").onclick = () => act("/api/fen", { fen: $("fen").value }).then((j) => {
    if (j) { fenEdited = false; $("fen").value = j.fen || ""; }
  });
  $("getpgn").onclick = async () => {
    const t = await call("/api/pgn", { session: S.session }, "GET");
    if (typeof t === "string") $("pgn").value = t;
  };
  $("setpgn").onclick = () => act("/api/pgn", { pgn: $("pgn").value });
  $("prev").onclick = () => look(Math.max(0, (viewPly === null ? S.plies : viewPly) - 1));
  $("next").onclick = () => look((viewPly === null ? S.plies : viewPly) + 1);
  $("live").onclick = () => look(null);
  setInterval(poll, 400);
}

async function look(ply) {
  if (!S) return;
  if (ply !== null && ply >= S.plies) ply = null;
  viewPly = ply;
  sel = [];
  const fields = { session: S.session };
  if (ply !== null) fields.ply = ply;
  const j = await call("/api/state", fields, "GET");
  if (j && j.session) show(j);
}

async function poll() {
  if (!S || busy) return;
  busy = true;
  const fields = { session: S.session };
  if (viewPly !== null) fields.ply = viewPly;
  const j = await call("/api/state", fields, "GET");
  busy = false;
  if (j && j.session) {
    // A new position (the engine moved) drops a half-chosen move.
    if (!S || j.fen !== S.fen || j.plies !== S.plies) sel = [];
    show(j);
  }
}

function show(j) {
  const changed = !S || j.fen !== S.fen || j.plies !== S.plies;
  // The board is drawn again only when it changes: a redraw under the
  // pointer would swallow a click.
  const redraw = changed || j.ply !== S.ply || j.moves.length !== S.moves.length ||
    j.session !== S.session || j.outcome !== S.outcome;
  S = j;
  document.title = `Curio: ${j.title}`;
  $("title").textContent = j.title;
  let turn;
  if (j.outcome) turn = "Game over: " + j.outcome;
  else if (viewPly !== null) turn = `Looking at the position before move ${viewPly + 1} (${j.side} to move)`;
  else if (j.searching && j.mode !== "analysis") turn = `Curio is thinking (${j.side} to move)`;
  else turn = `${j.side[0].toUpperCase() + j.side.slice(1)} to move` + (j.mode === "analysis" ? "" : ", your turn");
  $("turn").textContent = turn;
  const t = j.thinking;
  $("thinking").textContent = t
    ? `depth ${t.depth}  ${t.score}  ${t.nodes} nodes  ${(t.time / 1000).toFixed(1)} s\n${t.pv}`
    : (j.engine_move ? `Curio played ${j.engine_move}` : "");
  $("info").textContent = j.board.status.join("\n");
  $("analyze").hidden = j.mode !== "analysis";
  $("analyze").textContent = j.analysing ? "Stop analysis" : "Analyse";
  $("resign").hidden = j.mode === "analysis";
  $("live").hidden = viewPly === null;
  if (!fenEdited && document.activeElement !== $("fen")) $("fen").value = j.fen || "";
  const hist = $("history");
  if (changed || hist.children.length !== j.history.length || viewPly !== null) {
    hist.innerHTML = "";
    // One line per move number: White's ply, then Black's.
    const firstBlack = j.history.length > 0 && j.first_side === "black";
    let li = null;
    j.history.forEach((m, i) => {
      const black = (i % 2 === 1) !== firstBlack;
      if (!li || !black) {
        li = document.createElement("li");
        hist.appendChild(li);
        if (black) li.appendChild(document.createTextNode("... "));
      }
      const span = document.createElement("span");
      span.textContent = m + " ";
      span.dataset.ply = i;
      if (viewPly !== null && i === viewPly - 1) span.className = "shown";
      span.onclick = () => look(i + 1);
      li.appendChild(span);
    });
  }
  if (redraw) draw();
}

// The moves still open after the squares clicked so far.
function candidates(prefix) {
  return S.moves.filter((m) => prefix.every((sq, i) => m.path[i] === sq));
}

function click(name) {
  if (!S || viewPly !== null || S.moves.length === 0) return;
  let next = sel.concat([name]);
  let open = candidates(next);
  if (open.length === 0) {
    // A fresh start from this square.
    next = [name];
    open = candidates(next);
    if (open.length === 0) { sel = []; draw(); return; }
  }
  sel = next;
  const whole = open.filter((m) => m.path.length === sel.length);
  const longer = open.filter((m) => m.path.length > sel.length);
  if (whole.length === 1 && longer.length === 0) {
    play(whole[0].text);
    return;
  }
  draw();
}

function play(text) {
  sel = [];
  act("/api/move", { move: text });
}

function svg(tag, attrs, parent) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function pieceShapes(g, letters, cx, cy) {
  const n = letters.length;
  const glyphs = (S.variant === "chess" || S.variant === "dysnomia");
  const r = n === 1 ? 21 : Math.max(7, Math.min(13, 48 / (2 * n)));
  letters.forEach((ch, i) => {
    const white = ch === ch.toUpperCase();
    // A column: bottom piece lowest; two sharers side by side.
    let x = cx, y = cy;
    if (n > 1) {
      if (S.variant === "dysnomia") y = cy + (n - 1) * r - 2 * r * i;
      else x = cx - (n - 1) * r + 2 * r * i;
    }
    const up = ch.toUpperCase();
    if (glyphs && n === 1 && GLYPHS[up]) {
      svg("text", { x, y: y + 13, "text-anchor": "middle", class: "glyph " + (white ? "piece-w" : "piece-b") }, g).textContent = GLYPHS[up];
      return;
    }
    svg("circle", { cx: x, cy: y, r, class: white ? "piece-w" : "piece-b" }, g);
    svg("text", { x, y: y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.15, class: white ? "letter-w" : "letter-b" }, g).textContent = up;
  });
}

function draw() {
  if (!S) return;
  const b = S.board, board = $("board");
  board.innerHTML = "";
  const W = b.files * CELL + MARGIN, H = b.ranks * CELL + MARGIN;
  board.setAttribute("viewBox", `0 0 ${W} ${H}`);
  board.setAttribute("width", Math.min(W, 760));
  board.setAttribute("height", Math.min(W, 760) * H / W);
  const open = viewPly === null ? candidates(sel) : [];
  const targets = new Set(open.filter((m) => m.path.length > sel.length).map((m) => m.path[sel.length]));
  const starts = new Set(S.moves.map((m) => m.path[0]));
  const marks = {};
  for (const m of b.marks) (marks[m.square] = marks[m.square] || []).push(m);
  for (const c of b.cells) {
    const col = flipped ? b.files - 1 - c.x : c.x;
    const row = flipped ? c.y : b.ranks - 1 - c.y;
    const x = MARGIN + col * CELL, y = row * CELL;
    const g = svg("g", { class: "cell", "data-square": c.name }, board);
    if (c.piece) g.setAttribute("data-piece", c.piece);
    if (c.hole) g.setAttribute("data-hole", "1");
    const offset = !Number.isInteger(c.x);
    const shade = c.hole ? "hole" : offset ? "offset" : ((Math.floor(c.x) + c.y) % 2 === 0 ? "dark" : "light");
    svg("rect", { x, y, width: CELL, height: CELL, class: "sq " + shade }, g);
    if (sel.length && sel[sel.length - 1] === c.name) g.classList.add("selected");
    if (targets.has(c.name)) {
      g.classList.add("target");
      svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, class: "dot" }, g);
    }
    if (c.piece) pieceShapes(g, [...c.piece], x + CELL / 2, y + CELL / 2);
    if (c.piece && c.under) {
      // A Reality Check chip's hidden face (`?`: not known to you).
      const white = c.piece === c.piece.toUpperCase();
      svg("circle", { cx: x + CELL - 11, cy: y + CELL - 11, r: 9, class: white ? "piece-w" : "piece-b" }, g);
      svg("text", { x: x + CELL - 11, y: y + CELL - 7, "text-anchor": "middle", "font-size": 11, class: white ? "letter-w" : "letter-b" }, g)
        .textContent = c.under === "?" ? "?" : c.under.toUpperCase();
      g.setAttribute("data-under", c.under);
    }
    if (targets.has(c.name) && c.piece) svg("circle", { cx: x + 8, cy: y + 8, r: 6, class: "dot" }, g);
    (marks[c.name] || []).forEach((m, i) => {
      const label = m.kind === "siege" ? "siege " + m.text : m.kind === "tunnel" ? "tunnel " + m.text.split(/\d/)[0] : m.text;
      svg("text", { x: x + 2, y: y + CELL - 3 - 10 * i, class: "mark" }, g).textContent = label;
    });
    g.addEventListener("click", () => click(c.name));
    if (starts.has(c.name) && sel.length === 0) g.setAttribute("data-moves", "1");
  }
  // A Strange Chess Wall stands on two cells: a bar joins them.
  if (S.variant === "strangechess") {
    const at = new Map(b.cells.map((c) => [c.x + "," + c.y, c]));
    for (const c of b.cells) {
      if (!c.piece) continue;
      for (const w of ["W", "w"]) {
        if (!c.piece.includes(w)) continue;
        for (const [dx, dy] of [[1, 0], [0, 1]]) {
          const n = at.get((c.x + dx) + "," + (c.y + dy));
          if (!n || !n.piece || !n.piece.includes(w)) continue;
          const pos = (q) => [MARGIN + (flipped ? b.files - 1 - q.x : q.x) * CELL + CELL / 2,
            (flipped ? q.y : b.ranks - 1 - q.y) * CELL + CELL / 2];
          const [x1, y1] = pos(c), [x2, y2] = pos(n);
          const ux = Math.sign(x2 - x1), uy = Math.sign(y2 - y1);
          svg("line", { x1: x1 + 21 * ux, y1: y1 + 21 * uy, x2: x2 - 21 * ux, y2: y2 - 21 * uy,
            class: "wall " + (w === "W" ? "wall-w" : "wall-b") }, board);
        }
      }
    }
  }
  // File letters under the bottom row, rank numbers on the left.
  const labels = new Map();
  for (const c of b.cells) {
    const file = c.name.match(/^[a-z]+/)[0], rank = c.name.slice(file.length);
    if (Number.isInteger(c.x)) labels.set("f" + c.x, file);
    labels.set("r" + c.y, rank);
  }
  for (const [k, v] of labels) {
    const n = Number(k.slice(1));
    if (k[0] === "f") {
      const col = flipped ? b.files - 1 - n : n;
      svg("text", { x: MARGIN + col * CELL + CELL / 2, y: H - 5, "text-anchor": "middle", class: "label" }, board).textContent = v;
    } else {
      const row = flipped ? n : b.ranks - 1 - n;
      svg("text", { x: 2, y: row * CELL + CELL / 2 + 4, class: "label" }, board).textContent = v;
    }
  }
  // Moves the clicks leave open, and moves that name no square (a denial).
  const choices = $("choices");
  choices.innerHTML = "";
  const whole = open.filter((m) => m.path.length === sel.length && sel.length > 0);
  if (whole.length) {
    const p = document.createElement("div");
    p.textContent = whole.length > 1 || targets.size ? "Choose the move:" : "";
    choices.appendChild(p);
    for (const m of whole) {
      const btn = document.createElement("button");
      btn.textContent = m.text;
      btn.dataset.move = m.text;
      btn.onclick = () => play(m.text);
      choices.appendChild(btn);
    }
  }
  const specials = $("specials");
  specials.innerHTML = "";
  for (const m of (viewPly === null ? S.moves : [])) {
    if (m.path.length) continue;
    const btn = document.createElement("button");
    btn.textContent = m.text === "@@@@" ? "Deny the last turn (@@@@)" : m.text;
    btn.dataset.move = m.text;
    btn.onclick = () => play(m.text);
    specials.appendChild(btn);
  }
}

const variant = params.get("variant");
if (variant) gamePage(variant); else startPage();
