// The mtb tablebase explorer: draws any board from /api/<rules>/board,
// asks /api/<rules>?position= for the value and every ply, and lets the
// user click stones.  It knows no rule: which clicks make a ply comes from
// the API's list of legal plies (from, to, remove of each).
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// The last navigation started by a click, so scripted clicks can wait for it.
let pending = Promise.resolve();

const state = {
  rules: [],        // /api/rules
  name: null,       // current rule set
  board: null,      // /api/<rules>/board
  answer: null,     // /api/<rules>?position=
  position: null,   // current position text
  from: null,       // selected stone to move, or null
  to: null,         // chosen target while a removal is still to pick, or null
  index: 0,         // this entry's place in the history, to enable back/forward
  last: 0,
};

async function getJson(url) {
  const res = await fetch(url);
  let body;
  try { body = await res.json(); } catch (e) { body = { error: 'HTTP ' + res.status }; }
  return { status: res.status, body };
}

function pageUrl(name, position) {
  return '/?rules=' + encodeURIComponent(name) + '&position=' + encodeURIComponent(position);
}

function apiUrl(name, position) {
  return '/api/' + encodeURIComponent(name) + '?position=' + encodeURIComponent(position);
}

// "win in 11", "draw", "loss in 2"; under a no-capture limit the distance
// is plies to the deciding capture (dtc).
function valueText(category, plies, withCounter) {
  if (!category) return 'unknown';
  if (category === 'draw') return 'draw';
  if (plies === null || plies === undefined) return category + ' (no distance: WDL-only table)';
  return withCounter ? category + ', dtc ' + plies : category + ' in ' + plies;
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Cells of the position text, in the board's point order.
function cells() {
  const text = state.position.split(' ')[0];
  const at = {};
  state.board.points.forEach((p, i) => { at[p.name] = text[i]; });
  return at;
}

// One drawing routine for every board: points at grid coordinates, edges
// as lines, stones and hints on top.
function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const pts = state.board.points;
  const maxX = Math.max(...pts.map((p) => p.x)), maxY = Math.max(...pts.map((p) => p.y));
  const size = 480, margin = 40;
  const unit = (size - 2 * margin) / Math.max(maxX, maxY, 1);
  const xy = {};
  for (const p of pts) xy[p.name] = [margin + p.x * unit, margin + p.y * unit];
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  for (const [a, b] of state.board.edges)
    el('line', { class: 'edge', x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1] }, svg);
  const at = cells();
  const r = Math.min(22, unit * 0.36);
  const moves = state.answer ? state.answer.moves : [];
  // Hints: where the selected stone (or a placement) may go, or which
  // stones the chosen ply may remove, coloured by the best value there.
  const targets = {}, removals = {};
  for (const m of moves) {
    const cls = m.category || 'unknown';
    if (state.to !== null) {
      if (m.from === state.from && m.to === state.to && m.remove && !(m.remove in removals)) removals[m.remove] = cls;
    } else if (m.from === state.from && !(m.to in targets)) {
      targets[m.to] = cls;
    }
  }
  for (const p of pts) {
    const [x, y] = xy[p.name];
    el('circle', { class: 'point', cx: x, cy: y, r: 6 }, svg);
    const c = at[p.name];
    if (c === 'W' || c === 'B') {
      const s = el('circle', { class: 'stone ' + c, cx: x, cy: y, r }, svg);
      if (p.name === state.from || p.name === state.to) s.classList.add('selected');
    }
    if (p.name in targets) el('circle', { class: 'target ' + targets[p.name], cx: x, cy: y, r: 8 }, svg);
    if (p.name in removals) el('circle', { class: 'removable ' + removals[p.name], cx: x, cy: y, r: r + 5 }, svg);
    // The stone placed or moved, drawn faintly until its removal is chosen.
    if (state.to === p.name && c === '.') {
      el('circle', { class: 'stone ghost ' + (state.answer.side === 'white' ? 'W' : 'B'), cx: x, cy: y, r }, svg);
    }
    const hit = el('circle', { class: 'hit', cx: x, cy: y, r: unit * 0.45, 'data-point': p.name }, svg);
    const title = el('title', {}, hit);
    title.textContent = p.name;
    hit.addEventListener('click', () => { pending = Promise.resolve(clickPoint(p.name)); });
  }
  $('hint').textContent = state.to !== null ? 'click a stone to remove'
    : state.from !== null ? 'click where ' + state.from + ' goes' : '';
}

function showAnswer() {
  const a = state.answer;
  const withCounter = a.counter_limit !== undefined;
  const side = a.side === 'white' ? 'White' : 'Black';
  const value = $('value');
  value.className = 'value ' + (a.category || 'unknown');
  value.textContent = a.game_over ? side + ' to move: game over, ' + valueText(a.category, a.plies, withCounter)
    : side + ' to move: ' + valueText(a.category, a.plies, withCounter);
  let status = `White: ${a.on_board.white} on the board, ${a.in_hand.white} in hand. ` +
    `Black: ${a.on_board.black} on the board, ${a.in_hand.black} in hand.`;
  if (withCounter) status += ` No-capture counter: ${a.counter} of ${a.counter_limit}.`;
  $('status').textContent = status;
  $('error').textContent = a.error || '';
  const body = $('moves').tBodies[0];
  body.replaceChildren();
  for (const m of a.moves) {
    const tr = document.createElement('tr');
    tr.dataset.move = m.move;
    const cls = m.category || 'unknown';
    tr.className = cls;
    const td1 = document.createElement('td'), td2 = document.createElement('td');
    td1.textContent = m.move;
    td2.textContent = valueText(m.category, m.plies, withCounter);
    tr.append(td1, td2);
    tr.addEventListener('click', () => { pending = play(m); });
    body.appendChild(tr);
  }
}

function setPositionField(text) {
  const input = $('position');
  input.value = text;
  input.setAttribute('value', text);  // so a dump of the page shows it too
}

// Loads and shows a position; returns false (showing why) when the server
// rejects it.
async function show(name, position) {
  if (!state.board || state.board.rules !== name) {
    const b = await getJson('/api/' + encodeURIComponent(name) + '/board');
    if (b.status !== 200) { $('error').textContent = b.body.error; return false; }
    state.board = b.body;
  }
  const r = await getJson(apiUrl(name, position));
  if (!r.body.moves) {  // malformed position, unknown rules: nothing to show
    $('error').textContent = r.body.error || 'HTTP ' + r.status;
    return false;
  }
  state.name = name;
  state.answer = r.body;
  state.position = r.body.position;
  state.from = state.to = null;
  $('rules').value = name;
  setPositionField(state.position);
  $('api-link').href = apiUrl(name, state.position);
  showAnswer();
  drawBoard();
  $('back').disabled = state.index <= 0;
  $('forward').disabled = state.index >= state.last;
  return true;
}

// A new entry in the browser's history, so back/forward and links work.
async function go(name, position) {
  const ok = await show(name, position);
  if (!ok) return;
  state.index += 1;
  state.last = state.index;
  history.pushState({ index: state.index }, '', pageUrl(state.name, state.position));
  $('back').disabled = false;
  $('forward').disabled = true;
}

function play(m) { return go(state.name, m.position); }

function clickPoint(name) {
  const moves = state.answer ? state.answer.moves : [];
  if (state.to !== null) {  // picking the stone to remove
    const m = moves.find((m) => m.from === state.from && m.to === state.to && m.remove === name);
    state.from = state.to = null;
    if (m) return play(m);
    drawBoard();
    return;
  }
  if (state.from !== null) {
    if (name === state.from) { state.from = null; drawBoard(); return; }
    const c = moves.filter((m) => m.from === state.from && m.to === name);
    if (c.length === 1) return play(c[0]);
    if (c.length > 1) { state.to = name; drawBoard(); return; }
  }
  if (moves.some((m) => m.from === name)) { state.from = name; drawBoard(); return; }
  const placing = moves.filter((m) => m.from === null && m.to === name);
  state.from = null;
  if (placing.length === 1) return play(placing[0]);
  if (placing.length > 1) state.to = name;
  drawBoard();
}

// For tests and demos: ?clicks=a7,d7-d6,#back clicks points (by name),
// rows of the ply list (by move text) or buttons (#id) in order, as a
// person would, then marks the page done (body[data-done]).
async function runClicks(list) {
  for (const item of list) {
    const row = [...document.querySelectorAll('#moves tbody tr')].find((tr) => tr.dataset.move === item);
    const target = row || (item.startsWith('#') ? document.getElementById(item.slice(1))
      : document.querySelector(`#board [data-point="${CSS.escape(item)}"]`));
    if (!target) { $('error').textContent = 'no ply, point or button ' + item; break; }
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // back/forward answer through popstate, a task later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pending;
  }
  document.body.dataset.done = '1';
}

async function init() {
  const r = await getJson('/api/rules');
  state.rules = r.body.rules || [];
  const select = $('rules');
  for (const rs of state.rules) {
    const o = document.createElement('option');
    o.value = rs.name;
    o.textContent = rs.name + ' (' + rs.description + ')';
    select.appendChild(o);
  }
  const url = new URL(location.href);
  const wanted = url.searchParams.get('rules');
  const rs = state.rules.find((x) => x.name === wanted) || state.rules.find((x) => x.name === 'nmm') || state.rules[0];
  if (!rs) { $('error').textContent = 'no rule sets served'; return; }
  const position = url.searchParams.get('position') || rs.start;
  if (!(await show(rs.name, position))) await show(rs.name, rs.start);
  history.replaceState({ index: 0 }, '', pageUrl(state.name, state.position));

  select.addEventListener('change', () => {
    const s = state.rules.find((x) => x.name === select.value);
    pending = go(s.name, s.start);
  });
  $('start').addEventListener('click', () => {
    const s = state.rules.find((x) => x.name === state.name);
    pending = go(s.name, s.start);
  });
  $('back').addEventListener('click', () => history.back());
  $('forward').addEventListener('click', () => history.forward());
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    pending = go(state.name, $('position').value.trim());
  });
  window.addEventListener('popstate', (e) => {
    const u = new URL(location.href);
    state.index = e.state ? e.state.index : 0;
    pending = show(u.searchParams.get('rules'), u.searchParams.get('position'));
  });

  const clicks = url.searchParams.get('clicks');
  if (clicks !== null) await runClicks(clicks.split(',').filter(Boolean));
}

init();
