// The mtb tablebase explorer: draws any board from /api/<rules>/board,
// asks /api/<rules>?position= for the value and every ply, lets the user
// click stones, and sets up positions in an editor.  It knows no rule:
// which clicks make a ply comes from the API's list of legal plies (from,
// to, remove of each), and whether a set-up position is legal from the API.
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
  last: null,       // the ply that led here ({from, to, remove}), or null
  from: null,       // selected stone to move, or null
  to: null,         // chosen target while a removal is still to pick, or null
  flipped: false,   // board turned round (Black's view)
  edit: null,       // while editing: {cells: {point: 'W'|'B'|'.'}}
  index: 0,         // this entry's place in the history, to enable back/forward
  newest: 0,
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

// The server's value_text of a position or ply ("win in 11", "loss, dtc 2",
// "draw", "win (WDL-only table: no distance)"): the one text that `mtb
// probe`, probe.hpp and Python write too, never rebuilt here.
function valueText(a) {
  return a.value_text || 'unknown';
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function html(tag, props, parent) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  if (parent) parent.appendChild(e);
  return e;
}

const sideName = (s) => (s === 'w' || s === 'white' ? 'White' : 'Black');

// The position text's fields: cells (in the board's point order), side,
// stones in hand, and the no-capture counter where the rules have one.
function parseText(text) {
  const f = text.trim().split(/\s+/);
  return { cells: f[0], side: f[1], hand: { w: +f[2], b: +f[3] }, counter: f.length > 4 ? +f[4] : null };
}

// Cells of the shown position (or of the editor's), by point name.
function cells() {
  if (state.edit) return state.edit.cells;
  const text = parseText(state.position).cells;
  const at = {};
  state.board.points.forEach((p, i) => { at[p.name] = text[i]; });
  return at;
}

// One drawing routine for every board: points at grid coordinates, edges
// as lines, coordinates along two sides, stones and hints on top.  The
// highest rank is at the top, as `mtb probe` prints the board; flip turns
// it round.
function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  svg.classList.toggle('editing', !!state.edit);
  const pts = state.board.points;
  const maxX = Math.max(...pts.map((p) => p.x)), maxY = Math.max(...pts.map((p) => p.y));
  const size = 480, margin = 50;
  const unit = (size - 2 * margin) / Math.max(maxX, maxY, 1);
  const gx = (x) => margin + (state.flipped ? maxX - x : x) * unit;
  const gy = (y) => margin + (state.flipped ? maxY - y : y) * unit;
  const xy = {};
  for (const p of pts) xy[p.name] = [gx(p.x), gy(p.y)];
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  // Files under the board, ranks left of it, from the points' names.
  const files = {}, ranks = {};
  for (const p of pts) { files[p.x] = p.name[0]; ranks[p.y] = p.name.slice(1); }
  for (const [x, f] of Object.entries(files)) el('text', { class: 'coord', x: gx(+x), y: size - 12 }, svg).textContent = f;
  for (const [y, r] of Object.entries(ranks)) el('text', { class: 'coord', x: 12, y: gy(+y) }, svg).textContent = r;
  for (const [a, b] of state.board.edges)
    el('line', { class: 'edge', x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1] }, svg);
  const at = cells();
  const r = Math.min(22, unit * 0.36);
  const moves = state.answer && !state.edit ? state.answer.moves : [];
  // Hints: where the selected stone (or a placement) may go, or which
  // stones the chosen ply may remove, coloured by the best value there.
  const targets = {}, removals = {};
  for (const m of moves) {
    const cls = m.value || 'unknown';
    if (state.to !== null) {
      if (m.from === state.from && m.to === state.to && m.remove && !(m.remove in removals)) removals[m.remove] = cls;
    } else if (m.from === state.from && !(m.to in targets)) {
      targets[m.to] = cls;
    }
  }
  const last = state.edit ? null : state.last;
  for (const p of pts) {
    const [x, y] = xy[p.name];
    el('circle', { class: 'point', cx: x, cy: y, r: 6 }, svg);
    const c = at[p.name];
    if (c === 'W' || c === 'B') {
      const s = el('circle', { class: 'stone ' + c, cx: x, cy: y, r }, svg);
      if (p.name === state.from || p.name === state.to) s.classList.add('selected');
    }
    // The last ply: where it came from and went to, and the stone it took.
    if (last && (p.name === last.from || p.name === last.to))
      el('circle', { class: 'last', cx: x, cy: y, r: r + 5, 'data-last': p.name }, svg);
    if (last && p.name === last.remove)
      el('circle', { class: 'last removed', cx: x, cy: y, r: r, 'data-last': p.name }, svg);
    if (p.name in targets) el('circle', { class: 'target ' + targets[p.name], cx: x, cy: y, r: 8 }, svg);
    if (p.name in removals) el('circle', { class: 'removable ' + removals[p.name], cx: x, cy: y, r: r + 5 }, svg);
    // The stone placed or moved, drawn faintly until its removal is chosen.
    if (state.to === p.name && c === '.') {
      el('circle', { class: 'stone ghost ' + (state.answer.side === 'white' ? 'W' : 'B'), cx: x, cy: y, r }, svg);
    }
    const hit = el('circle', { class: 'hit', cx: x, cy: y, r: unit * 0.45, 'data-point': p.name }, svg);
    el('title', {}, hit).textContent = p.name;
    hit.addEventListener('click', () => { pending = Promise.resolve(clickPoint(p.name)); });
  }
  $('hint').textContent = state.edit ? 'click points to put the chosen stone there'
    : state.to !== null ? 'click a stone to remove'
      : state.from !== null ? 'click where ' + state.from + ' goes' : '';
  drawHands();
}

// Stones in hand beside the board: Black's above and White's below (the
// other way round when flipped), the side to move in bold.
function drawHands() {
  const t = state.edit ? editorText() : state.position;
  const f = parseText(t);
  const [top, bottom] = state.flipped ? ['w', 'b'] : ['b', 'w'];
  for (const [id, s] of [['hand-top', top], ['hand-bottom', bottom]]) {
    const box = $(id);
    box.replaceChildren();
    box.classList.toggle('to-move', f.side === s);
    box.dataset.side = s;
    box.dataset.count = f.hand[s];
    html('span', { className: 'label', textContent: `${sideName(s)}: ${f.hand[s]} in hand` +
      (f.side === s ? ' (to move)' : '') }, box);
    for (let i = 0; i < Math.min(f.hand[s], 12); ++i) html('span', { className: 'dot ' + s.toUpperCase() }, box);
  }
}

// Plies grouped as the player of each sees them: winning, drawing, losing
// (and unknown where no table answers), best first within each group.
function showMoves(a, dtc) {
  const table = $('moves');
  table.replaceChildren();
  const groups = [['win', 'winning plies'], ['draw', 'drawing plies'], ['loss', 'losing plies'],
    ['unknown', 'plies without a value here']];
  for (const [cls, title] of groups) {
    const ms = a.moves.filter((m) => (m.value || 'unknown') === cls);
    if (!ms.length) continue;
    const body = html('tbody', { className: 'group-' + cls }, table);
    const head = html('tr', {}, body);
    html('th', { colSpan: 2, className: cls, textContent: `${title} (${ms.length})` }, head);
    head.classList.add('group');
    for (const m of ms) {
      const tr = html('tr', { className: cls }, body);
      tr.dataset.move = m.move;
      html('td', { textContent: m.move }, tr);
      html('td', { textContent: valueText(m) }, tr);
      tr.addEventListener('click', () => { pending = play(m); });
    }
  }
}

function showAnswer() {
  const a = state.answer;
  const dtc = a.metric === 'dtc';
  const side = sideName(a.side);
  $('turn').textContent = side + ' to move' + (a.game_over ? ': the game is over' : '');
  const value = $('value');
  value.className = 'value ' + a.category;
  value.dataset.category = a.category;
  value.dataset.distance = a[a.metric] === null ? '' : a[a.metric];
  value.textContent = side + ': ' + valueText(a);
  let status = `White: ${a.on_board.white} on the board, ${a.in_hand.white} in hand. ` +
    `Black: ${a.on_board.black} on the board, ${a.in_hand.black} in hand.`;
  if (a.counter_limit !== undefined) status += ` No-capture counter: ${a.counter} of ${a.counter_limit}.`;
  $('status').textContent = status;
  let sector = 'Sector ' + a.sector;
  if (a.table) {
    const t = a.table;
    const n = (x) => (x === null ? '-' : x.toLocaleString('en'));
    sector += `: ${n(t.positions)} positions, ${n(t.wins)} wins, ${n(t.draws)} draws, ` +
      `${n(t.losses)} losses (for the side to move); longest win ${t.longest_win ?? '-'}, ` +
      `longest loss ${t.longest_loss ?? '-'} (${a.metric}).`;
  } else if (a.from_plies) {
    sector += ': no table of its own here; the value comes from the plies\' tables.';
  } else if (a.category === 'unknown') {
    sector += ': no table here.';
  }
  $('sector').textContent = sector;
  $('error').textContent = a.error || a.reason || '';
  showMoves(a, dtc);
}

function setPositionField(text) {
  const input = $('position');
  input.value = text;
  input.setAttribute('value', text);  // so a dump of the page shows it too
}

// Loads and shows a position; returns false (showing why) when the server
// rejects it.
async function show(name, position, last) {
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
  state.last = last || null;
  state.from = state.to = null;
  state.edit = null;
  $('editor').hidden = true;
  $('rules').value = name;
  setPositionField(state.position);
  $('api-link').href = apiUrl(name, state.position);
  showAnswer();
  drawBoard();
  $('back').disabled = state.index <= 0;
  $('forward').disabled = state.index >= state.newest;
  return true;
}

// A new entry in the browser's history, so back/forward and links work.
async function go(name, position, last) {
  const ok = await show(name, position, last);
  if (!ok) return false;
  state.index += 1;
  state.newest = state.index;
  history.pushState({ index: state.index, last: state.last }, '', pageUrl(state.name, state.position));
  $('back').disabled = false;
  $('forward').disabled = true;
  return true;
}

// A ply of the user's; when playing against the tables, their answer.
async function play(m) {
  if (await go(state.name, m.position, { from: m.from, to: m.to, remove: m.remove })) await reply();
}

// The side the user plays ('w', 'b'), or '' while exploring.
const userSide = () => $('play-side').value;

// When the user plays one side and the other is to move: the level's ply,
// from /api/<rules>/play/<level> (the tables, or the search outside them).
async function reply() {
  const a = state.answer;
  if (!userSide() || state.edit || !a) return;
  if (a.game_over) {
    const loser = a.side[0];
    $('play-status').textContent = 'Game over: ' + (a.category === 'draw' ? 'a draw.'
      : (loser === userSide() ? 'the tables win.' : 'you win.'));
    return;
  }
  if (a.side[0] === userSide()) return;
  const level = $('play-level').value;
  const r = await getJson('/api/' + encodeURIComponent(state.name) + '/play/' + level + '?position=' +
    encodeURIComponent(state.position));
  if (r.status !== 200) { $('play-status').textContent = r.body.error || 'HTTP ' + r.status; return; }
  const m = r.body.move;
  const who = r.body.source === 'tables' ? `The tables (${level}) played ${m.move}.`
    : `Outside the tables: the search played ${m.move}.`;
  if (await go(state.name, m.position, { from: m.from, to: m.to, remove: m.remove })) {
    $('play-status').textContent = who;
    if (state.answer.game_over) await reply();
    else $('play-status').textContent = who + ' Your move.';
  }
}

function clickPoint(name) {
  if (state.edit) {
    state.edit.cells[name] = document.querySelector('input[name=tool]:checked').value;
    drawBoard();
    return;
  }
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

// The position editor: stones by clicks, the rest in fields; the server
// says whether the result is a legal position.
function startEditing() {
  const f = parseText(state.position);
  state.edit = { cells: cells() };
  state.from = state.to = null;
  $('edit-side').value = f.side;
  $('edit-hand-w').value = f.hand.w;
  $('edit-hand-b').value = f.hand.b;
  $('edit-counter-label').hidden = f.counter === null;
  $('edit-counter').value = f.counter ?? 0;
  $('editor').hidden = false;
  // The plies and value shown are the old position's: put them away.
  $('moves').replaceChildren();
  $('turn').textContent = '';
  $('value').textContent = 'setting up a position';
  $('value').className = 'value';
  drawBoard();
}

function editorText() {
  const row = state.board.points.map((p) => state.edit.cells[p.name]).join('');
  const n = (id) => Math.max(0, Math.floor(+$(id).value || 0));
  let text = `${row} ${$('edit-side').value} ${n('edit-hand-w')} ${n('edit-hand-b')}`;
  if (!$('edit-counter-label').hidden) text += ' ' + n('edit-counter');
  return text;
}

async function finishEditing() {
  const text = editorText();
  const edit = state.edit;
  if (!(await go(state.name, text))) state.edit = edit;  // stay in the editor, the error shown
}

// For tests and demos: ?clicks=a7,d7-d6,#back,#edit-hand-w=3 clicks points
// (by name), rows of the ply list (by move text) or buttons (#id), or sets
// a field (#id=value), in order, as a person would, then marks the page
// done (body[data-done]) with what sticks out of the window
// (body[data-overflow]: "" when nothing does).
async function runClicks(list) {
  for (const item of list) {
    const set = item.match(/^#([\w-]+)=(.*)$/);
    if (set) {
      const field = $(set[1]);
      if (!field) { $('error').textContent = 'no field ' + item; break; }
      field.value = set[2];
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const row = [...document.querySelectorAll('#moves tbody tr')].find((tr) => tr.dataset.move === item);
    const target = row || (item.startsWith('#') ? document.getElementById(item.slice(1))
      : document.querySelector(`#board [data-point="${CSS.escape(item)}"]`));
    if (!target) { $('error').textContent = 'no ply, point or button ' + item; break; }
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // back/forward answer through popstate, a task later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pending;
  }
  document.body.dataset.overflow = overflowing().join(' ');
  document.body.dataset.viewport = document.documentElement.clientWidth;
  document.body.dataset.done = '1';
}

// Elements reaching past the window's right edge, and the page itself when
// it scrolls sideways.
function overflowing() {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) out.push('page:' + document.documentElement.scrollWidth);
  for (const e of document.querySelectorAll('body *')) {
    const box = e.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) out.push((e.id || e.tagName.toLowerCase()) + ':' + Math.round(box.right));
  }
  return out;
}

async function init() {
  const r = await getJson('/api/rules');
  state.rules = r.body.rules || [];
  const select = $('rules');
  for (const rs of state.rules) html('option', { value: rs.name, textContent: rs.name + ' (' + rs.description + ')' },
    select);
  const url = new URL(location.href);
  const wanted = url.searchParams.get('rules');
  const rs = state.rules.find((x) => x.name === wanted) || state.rules.find((x) => x.name === 'nmm') || state.rules[0];
  if (!rs) { $('error').textContent = 'no rule sets served'; return; }
  const position = url.searchParams.get('position') || rs.start;
  if (!(await show(rs.name, position))) await show(rs.name, rs.start);
  history.replaceState({ index: 0, last: null }, '', pageUrl(state.name, state.position));

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
  $('play-side').addEventListener('change', () => {
    $('play-status').textContent = userSide() ? '' : 'Exploring: click plies for both sides.';
    // Black's player sees the board from Black's side.
    state.flipped = userSide() === 'b';
    drawBoard();
    pending = reply();
  });
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
  $('edit').addEventListener('click', () => { if (!state.edit) startEditing(); });
  $('edit-clear').addEventListener('click', () => {
    for (const p of state.board.points) state.edit.cells[p.name] = '.';
    drawBoard();
  });
  $('edit-done').addEventListener('click', () => { pending = finishEditing(); });
  $('edit-cancel').addEventListener('click', () => {
    state.edit = null;
    $('editor').hidden = true;
    showAnswer();
    drawBoard();
  });
  for (const id of ['edit-side', 'edit-hand-w', 'edit-hand-b', 'edit-counter'])
    $(id).addEventListener('change', () => drawHands());
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    pending = go(state.name, $('position').value.trim());
  });
  window.addEventListener('popstate', (e) => {
    const u = new URL(location.href);
    state.index = e.state ? e.state.index : 0;
    pending = show(u.searchParams.get('rules'), u.searchParams.get('position'), e.state ? e.state.last : null);
  });

  const clicks = url.searchParams.get('clicks');
  if (clicks !== null) await runClicks(clicks.split(',').filter(Boolean));
}

init();
