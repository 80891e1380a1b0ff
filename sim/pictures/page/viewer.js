"use strict";
// The replay viewer (sim view). Frames were drawn when the file was made: this script only
// assembles their SVG parts, moves between events, and shows what the lookahead worked out.
// Every text from the game is put in with textContent; SVG parts are parsed as XML.
async function unpack() {
  // the game's data: JSON, gzip-compressed, in base64 (sim/pictures/viewer.py, packed)
  const text = document.getElementById("game-data").textContent.trim();
  const bytes = Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); });
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

unpack().then(function (data) {
  const SVG = "http://www.w3.org/2000/svg";
  const total = data.events.length;
  const board = document.getElementById("board");
  const slider = document.getElementById("slider");
  const list = document.getElementById("events");
  const info = document.getElementById("reach-info");
  const parser = new DOMParser();
  const parsed = new Map();
  const boards = new Map();
  const boundaries = Object.keys(data.reach).map(Number).sort(function (a, b) { return a - b; });
  let current = total;
  let selected = null;
  let reachSlot = null;
  let pathSlot = null;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function part(index) {
    let node = parsed.get(index);
    if (node === undefined) {
      const doc = parser.parseFromString('<svg xmlns="' + SVG + '">' + data.parts[index] + "</svg>", "image/svg+xml");
      node = document.importNode(doc.documentElement.firstElementChild, true);
      parsed.set(index, node);
    }
    return node.cloneNode(true);
  }

  function boardPart(index) {
    // a board: its shell and its places, parsed together once (viewer.py, Boards)
    let node = boards.get(index);
    if (node === undefined) {
      const found = data.boards[index];
      const texts = [];
      for (let r = 0; r < found.runs.length; r += 2) {
        for (let i = found.runs[r]; i < found.runs[r] + found.runs[r + 1]; i += 1) texts.push(data.parts[i]);
      }
      const doc = parser.parseFromString('<svg xmlns="' + SVG + '">' + texts.join("") + "</svg>", "image/svg+xml");
      const places = document.importNode(doc.documentElement, true);
      node = part(found.shell);
      while (places.firstChild) node.appendChild(places.firstChild);
      boards.set(index, node);
    }
    return node.cloneNode(true);
  }

  // --- the header -------------------------------------------------------------------------------
  function header() {
    const game = data.game;
    document.getElementById("title").textContent = game.title || "(untitled game)";
    document.getElementById("description").textContent = game.description;
    const facts = document.getElementById("facts");
    const options = Object.keys(game.options).sort().map(function (k) {
      return k + ": " + JSON.stringify(game.options[k]);
    }).join(", ");
    [["ruleset", game.ruleset], ["players", game.players.join(", ")], ["seed", String(game.seed)],
     ["options", options || "defaults"], ["hash chain", game.chain], ["rules", game.verified],
     ["from", game.origin], ["events", String(game.events)]].forEach(function (pair) {
      const row = el("div", "fact");
      row.dataset.fact = pair[0];
      row.append(el("dt", "", pair[0]), el("dd", "", pair[1]));
      facts.append(row);
    });
  }

  // --- the board ----------------------------------------------------------------------------------
  function draw(n) {
    const frame = data.frames[n - 1];
    board.replaceChildren();
    board.setAttribute("viewBox", "0 0 " + frame.size[0] + " " + frame.size[1]);
    board.setAttribute("width", frame.size[0]);
    board.setAttribute("height", frame.size[1]);
    board.dataset.event = String(n);
    board.append(part(frame.base[0]), part(frame.base[1]), part(frame.base[2]));
    const layer = document.createElementNS(SVG, "g");
    layer.setAttribute("transform", data.board.transform);
    layer.append(boardPart(frame.board));
    reachSlot = document.createElementNS(SVG, "g");
    reachSlot.setAttribute("id", "reach");
    layer.append(reachSlot);
    const units = document.createElementNS(SVG, "g");
    units.setAttribute("class", "units");
    frame.units.forEach(function (index) { units.append(part(index)); });
    layer.append(units, part(frame.moves));
    pathSlot = document.createElementNS(SVG, "g");
    pathSlot.setAttribute("id", "hover-path");
    layer.append(pathSlot);
    board.append(layer, part(frame.base[3]));
  }

  // --- moving about -------------------------------------------------------------------------------
  function go(n) {
    current = Math.max(1, Math.min(total, n));
    draw(current);
    slider.value = String(current);
    const event = data.events[current - 1];
    document.getElementById("position").textContent =
      event.id + " of " + total + " · turn " + data.turns[current - 1] + " · command " + data.commands[current - 1];
    mark(current);
    trace(current);
    showReach();
    if (location.hash !== "#e" + current) history.replaceState(null, "", "#e" + current);
  }

  function mark(n) {
    const old = list.querySelector("li.current");
    if (old) old.classList.remove("current");
    const item = list.children[n - 1];
    item.classList.add("current");
    const box = list.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - box.height / 3;
  }

  function nextBoundary(n) {
    const found = boundaries.find(function (b) { return b > n; });
    return found === undefined ? total : found;
  }
  function previousBoundary(n) {
    let found = 1;
    boundaries.forEach(function (b) { if (b < n) found = b; });
    return found;
  }
  function turnStart(n) {
    let m = n;
    while (m > 1 && data.turns[m - 2] === data.turns[n - 1]) m -= 1;
    return m;
  }
  function nextTurn(n) {
    for (let m = n + 1; m <= total; m += 1) if (data.turns[m - 1] !== data.turns[n - 1]) return m;
    return total;
  }
  function previousTurn(n) {
    const start = turnStart(n);
    return start < n ? start : (start > 1 ? turnStart(start - 1) : 1);
  }

  const moves = {
    first: function () { return 1; },
    last: function () { return total; },
    prev: function (n) { return n - 1; },
    next: function (n) { return n + 1; },
    "prev-command": previousBoundary,
    "next-command": nextBoundary,
    "prev-turn": previousTurn,
    "next-turn": nextTurn,
  };
  Object.keys(moves).forEach(function (id) {
    document.getElementById(id).addEventListener("click", function () { go(moves[id](current)); });
  });
  slider.addEventListener("input", function () { go(Number(slider.value)); });

  document.addEventListener("keydown", function (event) {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "prev-command", ArrowDown: "next-command",
      PageUp: "prev-turn", PageDown: "next-turn", Home: "first", End: "last" };
    if (event.key === "Escape") {
      selected = null;
      go(current);
      event.preventDefault();
    } else if (keys[event.key]) {
      go(moves[keys[event.key]](current));
      event.preventDefault();
    }
  });

  // --- the event list -----------------------------------------------------------------------------
  function events() {
    data.events.forEach(function (event, i) {
      const item = el("li", event.kind, event.id + " " + event.text);
      item.dataset.n = String(i + 1);
      item.addEventListener("click", function () { go(i + 1); });
      item.addEventListener("mouseenter", function () { draw(i + 1); });  // a preview: not where we are
      list.append(item);
    });
    list.addEventListener("mouseleave", function () { go(current); });
  }

  // --- the causation tree of the current command -------------------------------------------------
  function trace(n) {
    const box = document.getElementById("trace");
    box.replaceChildren();
    const root = data.trace.roots[data.trace.root_of[n - 1]];
    const top = el("ul");
    top.append(node(root, n));
    box.append(top);
  }

  function node(found, n) {
    const item = el("li", found.kind);
    item.dataset.n = String(found.n);
    const label = el("span", "node" + (found.n === n ? " current" : ""));
    if (found.kind === "choice") label.append(el("span", "choice-mark", "\u25C6 choice point: "));
    label.append(document.createTextNode("e" + found.n + " " + found.text));
    if (found.n > n) label.classList.add("later");
    label.addEventListener("click", function () { go(found.n); });
    item.append(label);
    if (found.why) item.append(el("span", "why", found.why));
    if (found.outcome) item.append(el("span", "outcome", "\u21D2 " + found.outcome));
    if (found.children.length) {
      const children = el("ul");
      found.children.forEach(function (child) { children.append(node(child, n)); });
      item.append(children);
    }
    return item;
  }

  // --- range of motion ----------------------------------------------------------------------------
  function showReach() {
    info.textContent = "";
    board.classList.remove("reaching");
    board.querySelectorAll(".unit.selected").forEach(function (g) { g.classList.remove("selected"); });
    if (reachSlot !== null) reachSlot.replaceChildren();  // the unit shown before: never two at once
    if (pathSlot !== null) pathSlot.replaceChildren();
    if (selected === null || reachSlot === null) return;
    let at = 0;
    boundaries.forEach(function (b) { if (b <= current) at = b; });
    const found = at ? data.reach[String(at)][selected] : undefined;
    const when = at === current ? "here" : "at e" + at + ", before the command under way";
    if (found === undefined) {
      const player = at ? data.to_act[String(at)] : "";
      info.textContent = "No range of motion for " + selected + " " + when + ": they are worked out for the " +
        "living units of the player to act (" + player + ") at each command boundary.";
      return;
    }
    reachSlot.append(part(found));
    board.classList.add("reaching");
    board.querySelectorAll(".unit").forEach(function (g) {
      if (g.getAttribute("data-unit") === selected) g.classList.add("selected");
    });
    const places = reachSlot.querySelectorAll(".reach").length;
    info.textContent = "Range of motion of " + selected + " " + when + " (the lookahead: ongoing effects only): " +
      places + " reachable place(s) filled. Hover one for its path, a cross for the rule keeping it out.";
  }

  function tip(target) {
    const title = target.querySelector("title");
    return title ? title.textContent : "";
  }

  board.addEventListener("click", function (event) {
    const unit = event.target.closest(".unit");
    if (!unit) return;
    selected = unit.getAttribute("data-unit");
    showReach();
  });
  function underneath(target) {
    // a place of the reach under a unit: the unit's own location, in the reach shown
    const unit = target.closest(".unit");
    if (!unit) return null;
    const where = unit.getAttribute("data-location");
    return Array.from(reachSlot.querySelectorAll("[data-location]")).find(function (e) {
      return e.getAttribute("data-location") === where;
    }) || null;
  }

  board.addEventListener("mouseover", function (event) {
    if (reachSlot === null || !board.classList.contains("reaching") || pathSlot.contains(event.target)) return;
    const target = reachSlot.contains(event.target) ? event.target : underneath(event.target);
    pathSlot.replaceChildren();
    if (target === null) return;
    const place = target.closest("[data-path]");
    const out = target.closest(".out");
    if (place) {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", place.getAttribute("data-path"));
      line.setAttribute("class", "hover-path");
      line.setAttribute("pointer-events", "none");
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", "#e67e22");
      line.setAttribute("stroke-width", "4");
      line.setAttribute("marker-end", "url(#arrow-path)");
      pathSlot.append(line);
      info.textContent = tip(place);
    } else if (out) {
      info.textContent = tip(out);
    }
  });

  // --- start --------------------------------------------------------------------------------------
  function fromHash() {
    const found = /^#e(\d+)$/.exec(location.hash);
    return found ? Number(found[1]) : null;
  }
  header();
  events();
  slider.max = String(total);
  window.addEventListener("hashchange", function () {
    const n = fromHash();
    if (n !== null && n !== current) go(n);
  });
  const start = fromHash();
  go(start === null ? total : start);
  document.documentElement.dataset.ready = String(performance.now());
});
