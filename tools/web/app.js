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
  preview: null,    // the ply whose row the pointer is on, marked on the board
  gameStart: null,  // while playing: the position the game began from (new game)
  userPly: false,   // while playing: the shown entry is the user's ply, the tables' reply replaces it
  editSeq: 0,       // the editor's latest analysis request; older answers are dropped
};

async function getJson(url) {
  const res = await fetch(url);
  let body;
  try { body = await res.json(); } catch (e) { body = { error: 'HTTP ' + res.status }; }
  return { status: res.status, body };
}

// The page's link: rule set, position, and while playing the side and
// level, so that a reload or a shared link goes on with the same game.
function pageUrl(name, position) {
  let url = '/?rules=' + encodeURIComponent(name) + '&position=' + encodeURIComponent(position);
  if (userSide()) url += '&play=' + userSide() + '&level=' + encodeURIComponent($('play-level').value);
  return url;
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
    // The ply under the pointer in the list: where it goes and what it takes.
    const pv = state.edit ? null : state.preview;
    if (pv && (p.name === pv.from || p.name === pv.to))
      el('circle', { class: 'preview', cx: x, cy: y, r: r + 9, 'data-preview': p.name }, svg);
    if (pv && p.name === pv.remove)
      el('circle', { class: 'preview removed', cx: x, cy: y, r: r + 9, 'data-preview': p.name }, svg);
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
  // In the editor the list is the set-up position's, to read, not to play.
  table.classList.toggle('inert', !!state.edit);
  const locked = tablesToMove();
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
      if (locked) tr.classList.add('locked');
      html('td', { textContent: m.move }, tr);
      const td = html('td', { textContent: valueText(m) }, tr);
      if (m.ultra !== undefined) {
        // The ultra level's measure (docs/API.md): the higher, the more often a fallible opponent loses.
        td.textContent += ` \u00b7 ${(100 * m.ultra).toFixed(1)}%`;
        td.title = 'chance that an opponent who errs (a random ply 1 time in 4) is lost within '
          + `${a.ultra_turns} of its turns; ultra plays the highest`;
      }
      tr.addEventListener('click', () => {
        if (state.edit) return;
        if (!userMayPlay()) return;
        pending = play(m);
      });
      tr.addEventListener('mouseenter', () => { state.preview = m; drawBoard(); });
      tr.addEventListener('mouseleave', () => { if (state.preview === m) { state.preview = null; drawBoard(); } });
    }
  }
}

function showAnswer(a = state.answer) {
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
  $('error').textContent = a.error || '';
  showNote(a);
  showMoves(a, dtc);
}

// A position no table here holds is no error: say which table it needs,
// and offer a position these tables answer.
function showNote(a) {
  const note = $('note');
  note.replaceChildren();
  if (a.category !== 'unknown' || state.edit) return;
  note.append('No table here holds this position' + (a.reason ? ' (' + a.reason + ')' : '') + '.');
  const rs = state.rules.find((x) => x.name === state.name);
  if (rs && rs.example && rs.example !== a.position) {
    const b = html('button', { id: 'example', type: 'button', textContent: 'show a position these tables answer' }, note);
    b.addEventListener('click', () => { pending = go(state.name, rs.example); });
  }
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
  state.preview = null;
  state.edit = null;
  $('editor').hidden = true;
  $('rules').value = name;
  const rs = state.rules.find((x) => x.name === name);
  $('rules-about').textContent = rs ? rs.description : '';
  setPositionField(state.position);
  $('api-link').href = apiUrl(name, state.position);
  showAnswer();
  drawBoard();
  $('back').disabled = state.index <= 0;
  $('forward').disabled = state.index >= state.newest;
  $('takeback').disabled = state.index <= 0;
  return true;
}

// Back or forward in the browser's history; the position is shown when
// popstate comes, a task or more later: `pending` waits for it (or gives up
// after a while, where there was no step to take).
let stepDone = null;
function step(delta) {
  pending = new Promise((resolve) => {
    stepDone = resolve;
    setTimeout(resolve, 3000);
  });
  history.go(delta);
}

// A new entry in the browser's history, so back/forward and links work;
// with `replace`, the shown entry becomes this position instead.
async function go(name, position, last, replace) {
  const ok = await show(name, position, last);
  if (!ok) return false;
  state.userPly = false;
  if (replace) {
    history.replaceState({ index: state.index, last: state.last }, '', pageUrl(state.name, state.position));
    return true;
  }
  state.index += 1;
  state.newest = state.index;
  history.pushState({ index: state.index, last: state.last }, '', pageUrl(state.name, state.position));
  $('back').disabled = false;
  $('takeback').disabled = false;
  $('forward').disabled = true;
  return true;
}

// A ply of the user's; when playing against the tables, their answer.
async function play(m) {
  if (!(await go(state.name, m.position, { from: m.from, to: m.to, remove: m.remove }))) return;
  state.userPly = !!userSide();
  await reply();
}

// The side the user plays ('w', 'b'), or '' while exploring.
function userSide() { return $('play-side').value; }

// While playing: the game goes on and the tables are to move.
function tablesToMove() {
  const a = state.answer;
  return !!userSide() && !!a && !a.game_over && a.side[0] !== userSide();
}

// Whether a click may play a ply: not one of the tables' plies for them.
function userMayPlay() {
  if (!tablesToMove()) return true;
  $('play-status').textContent = 'The tables are to move here, not you: press forward or new game.';
  return false;
}

// While playing, what the shown position means for the game.
function playStatus(prefix) {
  const a = state.answer;
  if (!userSide() || !a) return;
  if (a.game_over) {
    $('play-status').textContent = 'Game over: ' + (a.category === 'draw' ? 'a draw.'
      : (a.side[0] === userSide() ? 'the tables win.' : 'you win.'));
  } else if (a.side[0] === userSide()) {
    $('play-status').textContent = (prefix || '') + 'Your move.';
  } else {
    $('play-status').textContent = (prefix || '') + 'The tables are to move here: press forward or new game.';
  }
}

// Buttons and the page's link follow the play side and level.
function playChanged() {
  const playing = !!userSide();
  $('takeback').hidden = $('newgame').hidden = !playing;
  if (state.position) history.replaceState(history.state, '', pageUrl(state.name, state.position));
}

// When the user plays one side and the other is to move: the level's ply,
// from /api/<rules>/play/<level> (the tables, or the search outside them).
async function reply() {
  const a = state.answer;
  if (!userSide() || state.edit || !a) return;
  if (a.game_over) return playStatus();
  if (a.side[0] === userSide()) return;
  const level = $('play-level').value;
  const r = await getJson('/api/' + encodeURIComponent(state.name) + '/play/' + level + '?position=' +
    encodeURIComponent(state.position));
  if (r.status !== 200) { $('play-status').textContent = r.body.error || 'HTTP ' + r.status; return; }
  const m = r.body.move;
  const measure = r.body.measure === undefined ? ''
    : ` (of the drawing plies, the one a fallible opponent most often loses after: ${(100 * r.body.measure).toFixed(1)}%)`;
  const who = r.body.source === 'tables' ? `The tables (${level}) played ${m.move}${measure}.`
    : `Outside the tables: the search played ${m.move}.`;
  // The reply takes the place of the user's ply in the history: one step
  // back takes back the whole move (the user's ply and the reply).
  if (await go(state.name, m.position, { from: m.from, to: m.to, remove: m.remove }, state.userPly)) {
    $('play-status').textContent = who;
    if (state.answer.game_over) await reply();
    else $('play-status').textContent = who + ' Your move.';
  }
}

function clickPoint(name) {
  if (state.edit) {
    state.edit.cells[name] = document.querySelector('input[name=tool]:checked').value;
    drawBoard();
    return analyseEdit();
  }
  if (!userMayPlay()) return;
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
  drawBoard();
  return analyseEdit();
}

// The set-up position's value and plies, asked anew after each change
// (the old position's lines are never shown for it); while it is not a
// legal position, why not.
async function analyseEdit() {
  if (!state.edit) return;
  const seq = ++state.editSeq;
  const text = editorText();
  const r = await getJson(apiUrl(state.name, text));
  if (!state.edit || seq !== state.editSeq) return;
  if (r.body.moves) {
    showAnswer(r.body);
    $('value').textContent = 'set up: ' + $('value').textContent;
    return;
  }
  $('moves').replaceChildren();
  $('turn').textContent = '';
  $('status').textContent = '';
  $('sector').textContent = '';
  $('note').replaceChildren();
  $('value').textContent = 'setting up a position';
  $('value').className = 'value';
  delete $('value').dataset.category;
  $('error').textContent = 'not a legal position yet: ' + (r.body.error || 'HTTP ' + r.status);
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
      await new Promise((resolve) => setTimeout(resolve, 50));
      await pending;
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
  // The menu names the rule set; its description stands beside it (a
  // long one would be cut in a phone's narrow menu).
  for (const rs of state.rules) html('option', { value: rs.name, textContent: rs.name, title: rs.description }, select);
  const url = new URL(location.href);
  const wanted = url.searchParams.get('rules');
  const served = state.rules.map((x) => x.name).join(', ');
  let linkError = '';
  let rs = state.rules.find((x) => x.name === wanted);
  if (wanted !== null && !rs) linkError = `The link asks for rule set "${wanted}", which is not served here ` +
    `(served: ${served}); showing ${(state.rules.find((x) => x.name === 'nmm') || state.rules[0] || {}).name}.`;
  rs = rs || state.rules.find((x) => x.name === 'nmm') || state.rules[0];
  if (!rs) { $('error').textContent = 'no rule sets served'; return; }
  // Play side and level from the link.
  const side = url.searchParams.get('play'), level = url.searchParams.get('level');
  if (side !== null && !['w', 'b', ''].includes(side)) linkError += ` The link's play=${side} is neither w nor b.`;
  else if (side) $('play-side').value = side;
  if (level !== null && ![...$('play-level').options].some((o) => o.value === level))
    linkError += ` The link's level=${level} is no level (perfect, strong, medium, easy, ultra).`;
  else if (level) $('play-level').value = level;
  playChanged();
  state.flipped = userSide() === 'b';
  const position = url.searchParams.get('position');
  let landing = '';
  if (position !== null) {
    if (!(await show(rs.name, position))) {
      linkError += ` The link's position "${position}" is not one of ${rs.name}: ${$('error').textContent}; ` +
        'showing the start position.';
      await show(rs.name, rs.start);
    }
  } else {
    // No position asked for: the start, unless the tables here do not
    // reach it (small tables hold a few stones a side): then a position
    // they answer, so that the first page shows values.
    await show(rs.name, rs.start);
    if (state.answer && state.answer.category === 'unknown' && rs.example && await show(rs.name, rs.example))
      landing = 'The start position is outside these tables; here is a position they answer ("start" shows the start).';
  }
  history.replaceState({ index: 0, last: null }, '', pageUrl(state.name, state.position));
  if (linkError) $('error').textContent = linkError.trim();
  if (landing) $('play-status').textContent = landing;
  state.gameStart = state.position;
  // A link to a game where the tables are to move: they move.
  await reply();

  select.addEventListener('change', () => {
    const s = state.rules.find((x) => x.name === select.value);
    pending = (async () => {
      // As on landing: the start, or a position the tables answer.
      if (await go(s.name, s.start) && state.answer.category === 'unknown' && s.example) {
        await go(s.name, s.example);
        $('play-status').textContent = 'The start position is outside these tables; here is a position they answer.';
      }
    })();
  });
  $('start').addEventListener('click', () => {
    const s = state.rules.find((x) => x.name === state.name);
    pending = go(s.name, s.start);
  });
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));
  $('takeback').addEventListener('click', () => step(-1));
  $('newgame').addEventListener('click', () => {
    pending = (async () => {
      if (await go(state.name, state.gameStart || state.position)) {
        playStatus('New game. ');
        await reply();
      }
    })();
  });
  $('play-side').addEventListener('change', () => {
    $('play-status').textContent = userSide() ? '' : 'Exploring: click plies for both sides.';
    // Black's player sees the board from Black's side.
    state.flipped = userSide() === 'b';
    state.gameStart = state.position;
    playChanged();
    drawBoard();
    showAnswer();
    pending = reply();
  });
  $('play-level').addEventListener('change', () => playChanged());
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
  $('edit').addEventListener('click', () => { if (!state.edit) pending = startEditing(); });
  $('edit-clear').addEventListener('click', () => {
    for (const p of state.board.points) state.edit.cells[p.name] = '.';
    drawBoard();
    pending = analyseEdit();
  });
  $('edit-done').addEventListener('click', () => { pending = finishEditing(); });
  $('edit-cancel').addEventListener('click', () => {
    state.edit = null;
    ++state.editSeq;
    $('editor').hidden = true;
    showAnswer();
    drawBoard();
  });
  for (const id of ['edit-side', 'edit-hand-w', 'edit-hand-b', 'edit-counter'])
    $(id).addEventListener('change', () => { drawHands(); pending = analyseEdit(); });
  $('position-form').addEventListener('submit', (e) => {
    e.preventDefault();
    pending = go(state.name, $('position').value.trim());
  });
  window.addEventListener('popstate', (e) => {
    const u = new URL(location.href);
    const back = (e.state ? e.state.index : 0) < state.index;
    state.index = e.state ? e.state.index : 0;
    const done = stepDone;
    stepDone = null;
    pending = (async () => {
      if (await show(u.searchParams.get('rules'), u.searchParams.get('position'), e.state ? e.state.last : null))
        playStatus(back ? 'Took back a move. ' : '');
      if (done) done();
    })();
  });

  const clicks = url.searchParams.get('clicks');
  if (clicks !== null) await runClicks(clicks.split(',').filter(Boolean));
}

init();
