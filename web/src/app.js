// The playground page: state (in the URL fragment), the workers that run
// the wasm module, and the tables and charts drawn from its answers.
"use strict";

const COLORS = { revised: "#3b6fb6", fta: "#d08a2c", uwod: "#3f8f57", hubris: "#8e5bb5", house: "#c0392b" };
// Editions other than the built-ins and the house rule (the house-rule
// files a scenario names), in the order first met.
const MORE_COLORS = ["#555555", "#2f6f73", "#8c4b6b", "#7a6f45"];
const SIDE_COLORS = ["#2a7f8f", "#a0522d", "#6b8e23", "#7d5ba6"];
const DRAW_COLOR = "#b9bfca";
const RULE = { id: "house", file: "house-rule.toml" };
const DEFAULT_RULE = `# My house rule: only what differs from the edition it extends.
name = "Ones only fail"
extends = "revised"

[dice]
# A 1 no longer cancels a success (a roll with no success and a 1
# still botches).
ones = "ignore"
`;
const DEFAULTS = {
  editions: ["revised", "fta", "uwod", "hubris"], ruleOn: true, rule: DEFAULT_RULE, base: "revised",
  pool: 6, difficulty: null, specialty: false, willpower: false,
  scenario: "brawl.toml", scenarioText: null, trials: 10000, own: false,
};
const state = Object.assign({}, DEFAULTS);
const $ = (id) => document.getElementById(id);
const started = performance.now();
let catalogue = null;

// ---- the workers ------------------------------------------------------
const WASM = (() => {
  const s = atob(WODDS.wasm);
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
})();
const WORKER_URL = URL.createObjectURL(new Blob([WODDS.glue, "\n", WODDS.worker], { type: "text/javascript" }));

class Engine {
  constructor() {
    this.worker = new Worker(WORKER_URL);
    this.next = 1;
    this.waiting = new Map();
    this.worker.onmessage = (e) => {
      const m = e.data;
      const w = this.waiting.get(m.id);
      if (!w) return;
      if (m.progress) { if (w.progress) w.progress(m.progress[0], m.progress[1]); return; }
      if (m.building) { if (w.building) w.building(m.building[0], m.building[1]); return; }
      this.waiting.delete(m.id);
      w.resolve(m);
    };
    this.ready = this.call({ kind: "init", wasm: WASM });
  }
  call(message, progress, building) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, progress, building });
      this.worker.postMessage(Object.assign({ id }, message));
    });
  }
  stop() {
    this.worker.terminate();
    for (const w of this.waiting.values()) w.resolve({ stopped: true });
    this.waiting.clear();
  }
}
const quick = new Engine();
let fighting = null;

// ---- state in the URL fragment ----------------------------------------
function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}
async function saveState() {
  const json = new TextEncoder().encode(JSON.stringify(state));
  const packed = await pipe(json, new CompressionStream("deflate-raw"));
  history.replaceState(null, "", "#s=" + b64url(packed));
}
async function loadState() {
  const m = location.hash.match(/^#s=([A-Za-z0-9_-]+)$/);
  if (!m) return;
  try {
    const json = await pipe(unb64url(m[1]), new DecompressionStream("deflate-raw"));
    const saved = JSON.parse(new TextDecoder().decode(json));
    for (const k of Object.keys(DEFAULTS)) if (k in saved) state[k] = saved[k];
  } catch (e) {
    setStatus("This link's state could not be read; the defaults are shown.");
  }
}

// ---- small helpers ----------------------------------------------------
function setStatus(text) { $("status").textContent = text; }
function pct(p) { return (100 * Math.min(1, Math.max(0, p)) + 0).toFixed(2) + "%"; }
function pts(d) {
  const v = 100 * d;
  const s = Math.abs(v) < 0.005 ? "0.00" : (v > 0 ? "+" : "−") + Math.abs(v).toFixed(2);
  return s + " pts";
}
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}
function swatch() { return el("span", { class: "swatch" }); }
function colorOf(id) {
  if (!(id in COLORS)) COLORS[id] = MORE_COLORS[(Object.keys(COLORS).length - 5) % MORE_COLORS.length];
  return COLORS[id];
}
// An edition's name to show: a house-rule file's name without its folder
// and `.toml` (the scenario names it `../rules/x.toml`).
function label(id) { return id.includes("/") ? id.replace(/^.*\//, "").replace(/\.toml$/, "") : id; }
function editionCell(id) {
  const s = swatch(); s.style.background = colorOf(id);
  return el("td", { title: id }, s, label(id));
}
function showError(box, error) {
  if (!error) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = error.message;
}
// Numbers the editor's lines and marks the bad one. Without `badLine` (while
// typing) the mark stays where it was, as the error shown beside it does,
// until the text is checked again.
function gutter(textarea, pre, badLine = Number(pre.dataset.bad) || null) {
  const n = textarea.value.split("\n").length;
  if (badLine) pre.dataset.bad = String(badLine); else delete pre.dataset.bad;
  pre.innerHTML = "";
  for (let i = 1; i <= n; i++) {
    const line = el("span", i === badLine ? { class: "bad" } : {}, String(i));
    pre.append(line, "\n");
  }
  pre.scrollTop = textarea.scrollTop;
}
function debounce(f, ms) {
  let t = null;
  return () => { clearTimeout(t); t = setTimeout(f, ms); };
}

// The editions a query runs under: the ticked built-ins, the base (when a
// change is asked for), then the house rule.
function editions() {
  const list = state.editions.slice();
  const rule = state.ruleOn && state.rule.trim() !== "";
  if (rule && state.base && !list.includes(state.base)) list.push(state.base);
  if (rule) list.push({ id: RULE.id, file: RULE.file, text: state.rule });
  return list;
}
const idOf = (e) => (typeof e === "string" ? e : e.id);
const comparing = () => state.ruleOn && state.rule.trim() !== "" && state.base;

// ---- the roll and the odds sheet --------------------------------------
let oddsSeq = 0;
async function updateOdds() {
  const seq = ++oddsSeq;
  const top = Math.max(10, state.pool);
  const answers = [];
  let ruleError = null;
  let rollError = null;
  for (const e of editions()) {
    const q = { editions: [e], pool: [1, Math.min(top, 30)], options: { specialty: state.specialty, willpower: state.willpower } };
    const m = await quick.call({ kind: "odds", query: q });
    if (seq !== oddsSeq) return;
    const a = m.answer;
    if (a.error) {
      if (a.error.file === RULE.file) ruleError = a.error; else rollError = rollError || a.error;
      continue;
    }
    const info = a.ok.editions[0];
    const d = state.difficulty == null ? info.standard_difficulty : state.difficulty;
    if (d < info.difficulty_range[0] || d > info.difficulty_range[1]) {
      rollError = { message: `difficulty ${d} is outside ${info.id}'s range ${info.difficulty_range[0]}..=${info.difficulty_range[1]}` };
      continue;
    }
    answers.push({ info, rows: a.ok.rows, difficulty: d });
  }
  showError($("rule-error"), ruleError);
  gutter($("rule"), $("rule-gutter"), ruleError ? ruleError.line : null);
  showError($("roll-error"), rollError);
  drawRoll(answers);
  drawSheet(answers);
  drawRollChart(answers);
  if (!document.body.dataset.firstFigureMs && answers.length) {
    document.body.dataset.firstFigureMs = String(Math.round(performance.now() - started));
  }
  document.body.dataset.oddsSeq = String(seq);
}

function rowAt(answer, pool, difficulty) {
  return answer.rows.find((r) => r.pool === pool && r.difficulty === difficulty);
}

function drawRoll(answers) {
  const t = $("roll-table");
  t.innerHTML = "";
  const head = ["edition", "diff", "success", "botch", "mean", "≥1", "≥2", "≥3", "≥4", "≥5"];
  t.append(el("tr", {}, ...head.map((h) => el("th", {}, h))));
  const figures = (r) => [r.p_success, r.p_botch, r.mean, r.p_ge_1, r.p_ge_2, r.p_ge_3, r.p_ge_4, r.p_ge_5];
  for (const a of answers) {
    const r = rowAt(a, state.pool, a.difficulty);
    if (!r) continue;
    const tr = el("tr", { "data-edition": a.info.id }, editionCell(a.info.id), el("td", {}, String(a.difficulty)));
    figures(r).forEach((v, i) => tr.append(el("td", { "data-value": String(v), class: i === 0 ? "success" : "" }, i === 2 ? v.toFixed(2) : pct(v))));
    t.append(tr);
  }
  if (comparing()) {
    const base = answers.find((a) => a.info.id === state.base);
    const rule = answers.find((a) => a.info.id === RULE.id);
    if (base && rule) {
      const rb = rowAt(base, state.pool, base.difficulty), rr = rowAt(rule, state.pool, rule.difficulty);
      if (rb && rr) {
        const tr = el("tr", { class: "change" }, el("td", {}, `house − ${state.base}`), el("td", {}, ""));
        figures(rr).forEach((v, i) => {
          const d = v - figures(rb)[i];
          tr.append(el("td", { class: "delta " + (d > 1e-12 ? "up" : d < -1e-12 ? "down" : ""), "data-value": String(d) },
            i === 2 ? (d >= 0 ? "+" : "−") + Math.abs(d).toFixed(2) : pts(d)));
        });
        t.append(tr);
      }
    }
  }
}

function drawSheet(answers) {
  const t = $("sheet");
  t.innerHTML = "";
  const rule = answers.find((a) => a.info.id === RULE.id);
  const base = comparing() ? answers.find((a) => a.info.id === state.base) : null;
  const shown = rule || answers[0];
  if (!shown) { $("sheet-title").textContent = "Odds sheet"; return; }
  const [d0, d1] = shown.info.difficulty_range;
  $("sheet-title").textContent = base && rule
    ? `Odds sheet: the chance of success under house, and the change against ${state.base}`
    : `Odds sheet: the chance of success under ${shown.info.id}`;
  const head = el("tr", {}, el("th", {}, "dice \\ diff"));
  for (let d = d0; d <= d1; d++) head.append(el("th", {}, String(d)));
  t.append(head);
  for (let p = 1; p <= 10; p++) {
    const tr = el("tr", {}, el("th", {}, String(p)));
    for (let d = d0; d <= d1; d++) {
      const r = rowAt(shown, p, d);
      const b = base && rowAt(base, p, d);
      if (!r) { tr.append(el("td", {}, "")); continue; }
      const td = el("td", { "data-value": String(r.p_success) }, pct(r.p_success));
      if (b) {
        const delta = r.p_success - b.p_success;
        td.setAttribute("data-change", String(delta));
        td.title = `${pct(r.p_success)} (${state.base}: ${pct(b.p_success)}, ${pts(delta)})`;
        const a = Math.min(1, Math.abs(delta) / 0.25);
        td.style.background = delta > 0 ? `rgba(46,139,87,${0.08 + 0.5 * a})` : delta < 0 ? `rgba(192,57,43,${0.08 + 0.5 * a})` : "";
        td.append(el("div", { class: "delta" }, pts(delta)));
      }
      tr.append(td);
    }
    t.append(tr);
  }
}

// A line chart of the chance of success by dice, one line an edition.
function drawRollChart(answers) {
  const W = Math.max(340, Math.min(900, $("roll-chart").clientWidth || 640)), H = 260, L = 46, R = 110, T = 14, B = 34;
  const top = Math.max(10, Math.min(state.pool, 30));
  const x = (p) => L + ((p - 1) / (top - 1)) * (W - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  let svg = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Chance of success by dice, each edition at its difficulty">`;
  for (let v = 0; v <= 1.0001; v += 0.25) {
    svg += `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e3e6ec"/>`;
    svg += `<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end">${Math.round(v * 100)}%</text>`;
  }
  for (let p = 1; p <= top; p++) {
    if (top > 12 && p % 2 === 0 && p !== top) continue;
    svg += `<text x="${x(p)}" y="${H - B + 16}" text-anchor="middle">${p}</text>`;
  }
  svg += `<text x="${(L + W - R) / 2}" y="${H - 4}" text-anchor="middle">dice in the pool</text>`;
  answers.forEach((a, i) => {
    const pts = [];
    for (let p = 1; p <= top; p++) { const r = rowAt(a, p, a.difficulty); if (r) pts.push(`${x(p).toFixed(1)},${y(r.p_success).toFixed(1)}`); }
    const c = colorOf(a.info.id);
    svg += `<polyline fill="none" stroke="${c}" stroke-width="2.2" points="${pts.join(" ")}"/>`;
    svg += `<rect x="${W - R + 10}" y="${T + 4 + i * 18}" width="12" height="12" fill="${c}"/>`;
    svg += `<text x="${W - R + 28}" y="${T + 14 + i * 18}">${a.info.id} (${a.difficulty})</text>`;
  });
  $("roll-chart").innerHTML = svg + "</svg>";
}

// ---- the fight --------------------------------------------------------
function scenarioText() {
  if (state.scenarioText != null) return state.scenarioText;
  const s = catalogue.scenarios.find((s) => s.file === state.scenario);
  return s ? s.text : "";
}

async function updateFight() {
  if (fighting) fighting.stop();
  const engine = new Engine();
  fighting = engine;
  // Under the editions ticked above (and the house rule), or under the
  // scenario's own list, its house-rule files given from the catalogue.
  const q = state.own
    ? { scenario: scenarioText(), file: state.scenario, rules: catalogue.rules, trials: state.trials }
    : { scenario: scenarioText(), file: state.scenario, editions: editions(), trials: state.trials };
  $("progress").hidden = false;
  $("progress-bar").style.width = "0%";
  $("progress-text").textContent = "building round chains…";
  $("stop").disabled = false;
  document.body.dataset.fightState = "running";
  document.body.dataset.chainStates = "0";
  let done = 0, total = 0;
  const m = await engine.call({ kind: "run", query: q }, (d, t) => {
    done = d; total = t;
    $("progress-bar").style.width = (100 * d / t).toFixed(1) + "%";
    $("progress-text").textContent = `${d.toLocaleString("en")} of ${t.toLocaleString("en")} fights`;
  }, (states, paths) => {
    document.body.dataset.chainStates = String(states);
    $("progress-text").textContent =
      `building round chains: ${states.toLocaleString("en")} states, ${paths.toLocaleString("en")} paths through their dice`;
  });
  if (fighting !== engine) return;
  $("stop").disabled = true;
  fighting = null;
  engine.stop();
  if (m.stopped) {
    $("progress-text").textContent = `stopped after ${done.toLocaleString("en")} of ${total.toLocaleString("en")} fights`;
    document.body.dataset.fightState = "stopped";
    return;
  }
  $("progress").hidden = true;
  const a = m.answer;
  if (a.error) {
    showError($("fight-error"), a.error);
    const bad = a.error.file === state.scenario ? a.error.line : null;
    gutter($("scenario-text"), $("scenario-gutter"), bad);
    $("fight-table").innerHTML = "";
    $("fight-chart").innerHTML = "";
    document.body.dataset.fightState = "error";
    return;
  }
  showError($("fight-error"), null);
  gutter($("scenario-text"), $("scenario-gutter"), null);
  drawFight(a.ok);
  drawFightChart(a.ok);
  document.body.dataset.fightMs = String(m.ms);
  document.body.dataset.fightScenario = q.file;
  document.body.dataset.fightTrials = String(q.trials);
  document.body.dataset.fightState = "done";
}

function winCell(side) {
  if (side.exact_win_rate != null) {
    return el("td", { "data-exact": String(side.exact_win_rate), "data-estimate": String(side.win_rate) },
      pct(side.exact_win_rate), " ", el("span", { class: "badge exact" }, "exact"));
  }
  return el("td", { "data-estimate": String(side.win_rate), "data-low": String(side.win_low), "data-high": String(side.win_high) },
    pct(side.win_rate), " ", el("span", { class: "why" }, `(${pct(side.win_low)}–${pct(side.win_high)})`));
}
const best = (side) => (side.exact_win_rate != null ? side.exact_win_rate : side.win_rate);

function drawFight(run) {
  const t = $("fight-table");
  t.innerHTML = "";
  const sides = run.results[0].sides.map((s) => s.side);
  t.append(el("tr", {}, el("th", {}, "edition"), ...sides.map((s) => el("th", {}, s + " wins")),
    el("th", {}, "draws"), el("th", {}, "rounds")));
  const hows = $("fight-how");
  hows.innerHTML = "";
  for (const r of run.results) {
    const draws = r.exact_draws != null ? r.exact_draws : r.draws;
    const rounds = r.exact_mean_rounds != null ? r.exact_mean_rounds : r.mean_rounds;
    const how = r.chain_states != null
      ? `exact: round chain of ${r.chain_states.toLocaleString("en")} states`
      : `estimated from ${r.fights.toLocaleString("en")} fights${r.no_chain ? ": " + r.no_chain : ""}`;
    t.append(el("tr", { "data-edition": r.edition }, editionCell(r.edition), ...r.sides.map(winCell),
      el("td", { "data-value": String(draws) }, pct(draws)),
      el("td", {}, rounds == null ? "" : rounds.toFixed(2))));
    hows.append(el("li", {}, el("strong", { title: r.edition }, label(r.edition)), ": " + how));
  }
  if (comparing()) {
    const b = run.results.find((r) => r.edition === state.base);
    const h = run.results.find((r) => r.edition === RULE.id);
    if (b && h) {
      const exact = b.chain_states != null && h.chain_states != null;
      const tr = el("tr", { class: "change" }, el("td", {}, `house − ${state.base}`));
      h.sides.forEach((s, i) => {
        const d = best(s) - best(b.sides[i]);
        tr.append(el("td", { class: "delta " + (d > 1e-12 ? "up" : d < -1e-12 ? "down" : ""), "data-value": String(d) }, pts(d)));
      });
      tr.append(el("td", {}, ""), el("td", { class: "why" }, exact ? "exact" : "estimates"));
      t.append(tr);
    }
  }
}

// Each edition's fights as one bar: each side's wins, then the draws.
function drawFightChart(run) {
  const n = run.results.length;
  const longest = Math.max(...run.results.map((r) => label(r.edition).length));
  const W = Math.max(340, Math.min(1100, $("fight-chart").clientWidth || 900)), L = Math.max(70, 14 + 7.5 * longest), R = 16, row = 26;
  const sides = run.results[0].sides.map((s) => s.side);
  // The legend, in as many lines as the width needs.
  let legend = "", lx = L, ly = 6;
  sides.concat(["draws"]).forEach((name, i) => {
    const c = i < sides.length ? SIDE_COLORS[i % SIDE_COLORS.length] : DRAW_COLOR;
    const width = 30 + 7.5 * name.length;
    if (lx > L && lx + width > W) { lx = L; ly += 18; }
    legend += `<rect x="${lx}" y="${ly}" width="12" height="12" fill="${c}"/><text x="${lx + 16}" y="${ly + 10}">${name.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</text>`;
    lx += width;
  });
  const T = ly + 22, H = T + n * row + 30;
  const x = (v) => L + v * (W - L - R);
  let svg = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Each side's chance to win, by edition">` + legend;
  run.results.forEach((r, j) => {
    const y = T + j * row;
    let at = 0;
    const parts = r.sides.map((s, i) => [best(s), SIDE_COLORS[i % SIDE_COLORS.length]]);
    parts.push([r.exact_draws != null ? r.exact_draws : r.draws, DRAW_COLOR]);
    svg += `<text x="${L - 8}" y="${y + 15}" text-anchor="end">${label(r.edition)}</text>`;
    for (const [v, c] of parts) {
      svg += `<rect x="${x(at).toFixed(1)}" y="${y + 2}" width="${Math.max(0, x(at + v) - x(at)).toFixed(1)}" height="${row - 6}" fill="${c}"/>`;
      if (v > 0.07) svg += `<text x="${((x(at) + x(at + v)) / 2).toFixed(1)}" y="${y + 16}" text-anchor="middle" style="fill:#fff">${Math.round(100 * v)}%</text>`;
      at += v;
    }
  });
  for (let v = 0; v <= 1.0001; v += 0.25) svg += `<text x="${x(v)}" y="${H - 8}" text-anchor="middle">${Math.round(100 * v)}%</text>`;
  $("fight-chart").innerHTML = svg + "</svg>";
}

// ---- wiring -----------------------------------------------------------
const oddsSoon = debounce(updateOdds, 120);
const fightSoon = debounce(updateFight, 350);
function changed(what) {
  saveState();
  if (what !== "fight") oddsSoon();
  if (what !== "roll") {
    document.body.dataset.fightState = "pending";
    fightSoon();
  }
}

function fillControls() {
  const box = $("editions");
  for (const id of catalogue.editions) {
    const input = el("input", { type: "checkbox", checked: state.editions.includes(id), value: id });
    input.addEventListener("change", () => {
      state.editions = catalogue.editions.filter((e) => box.querySelector(`input[value="${e}"]`).checked);
      changed();
    });
    const s = swatch(); s.style.background = colorOf(id);
    box.append(el("label", { class: "toggle" }, input, s, id));
    $("base").append(el("option", { value: id, selected: state.base === id }, id));
  }
  for (const s of catalogue.scenarios) {
    $("scenario").append(el("option", { value: s.file, selected: s.file === state.scenario }, s.file.replace(/\.toml$/, "")));
  }
  $("rule-on").checked = state.ruleOn;
  $("rule").value = state.rule;
  $("base").value = state.base;
  $("pool").value = state.pool;
  $("difficulty").value = state.difficulty == null ? "" : state.difficulty;
  $("specialty").checked = state.specialty;
  $("willpower").checked = state.willpower;
  $("trials").value = state.trials;
  $("own").checked = state.own;
  $("scenario-text").value = scenarioText();
  if (state.scenarioText != null) $("scenario-details").open = true;
  gutter($("rule"), $("rule-gutter"), null);
  gutter($("scenario-text"), $("scenario-gutter"), null);

  $("rule-on").addEventListener("change", () => { state.ruleOn = $("rule-on").checked; changed(); });
  $("rule").addEventListener("input", () => { state.rule = $("rule").value; gutter($("rule"), $("rule-gutter")); changed(); });
  $("rule").addEventListener("scroll", () => { $("rule-gutter").scrollTop = $("rule").scrollTop; });
  $("base").addEventListener("change", () => { state.base = $("base").value; changed(); });
  const number = (id, key, lo, hi) => $(id).addEventListener("input", () => {
    const v = $(id).value.trim();
    const n = Number(v);
    if (v === "" && key === "difficulty") state[key] = null;
    else if (Number.isInteger(n) && n >= lo && n <= hi) state[key] = n;
    else return;
    changed(key === "trials" ? "fight" : "roll");
  });
  number("pool", "pool", 1, 30);
  number("difficulty", "difficulty", -10, 30);
  number("trials", "trials", 100, 10000000);
  for (const k of ["specialty", "willpower"]) $(k).addEventListener("change", () => { state[k] = $(k).checked; changed("roll"); });
  $("scenario").addEventListener("change", () => {
    state.scenario = $("scenario").value;
    state.scenarioText = null;
    $("scenario-text").value = scenarioText();
    changed("fight");
  });
  $("scenario-text").addEventListener("input", () => {
    const shipped = catalogue.scenarios.find((s) => s.file === state.scenario);
    state.scenarioText = shipped && shipped.text === $("scenario-text").value ? null : $("scenario-text").value;
    gutter($("scenario-text"), $("scenario-gutter"));
    changed("fight");
  });
  $("own").addEventListener("change", () => { state.own = $("own").checked; changed("fight"); });
  $("scenario-text").addEventListener("scroll", () => { $("scenario-gutter").scrollTop = $("scenario-text").scrollTop; });
  $("stop").addEventListener("click", () => {
    if (fighting) { fighting.stop(); }
  });
}

(async () => {
  await loadState();
  const init = await quick.ready;
  if (init.answer.error) { setStatus(init.answer.error.message); return; }
  const m = await quick.call({ kind: "catalogue" });
  catalogue = m.answer;
  $("version").textContent = "wodds " + catalogue.version;
  fillControls();
  setStatus(`Ready: ${catalogue.editions.length} editions, ${catalogue.scenarios.length} shipped scenarios.`);
  updateOdds();
  updateFight();
})();
