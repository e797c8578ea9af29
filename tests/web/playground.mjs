// The playground as a person uses it, in Debian's chromium driven by
// Playwright (playwright-core, pinned by .ci/playwright): the page loaded
// from disk, a house rule typed, its figure held to `wodds odds` to 1e-9,
// a bad rule's error at its line and field, a shared link that restores
// the same state and figure, every shipped scenario's exact figures held
// to `wodds run`'s, the stop button, and screenshots at 1,400 and 400 px.
//
// Usage: node playground.mjs PAGE_DIR WODDS_BIN OUT_DIR
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(process.env.PLAYWRIGHT_ROOT ? join(process.env.PLAYWRIGHT_ROOT, "x.js") : import.meta.url);
const { chromium } = require("playwright-core");

const [pageDir, wodds, outDir] = process.argv.slice(2).map((p) => resolve(p));
const root = resolve(new URL("../..", import.meta.url).pathname);
const url = "file://" + join(pageDir, "index.html");
const TOL = 1e-9;
let failures = 0;
const measured = {};

function check(ok, what) {
  console.log((ok ? "ok      " : "FAILED  ") + what);
  if (!ok) failures++;
}
function cli(args) {
  return execFileSync(wodds, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
}
async function poll(page, f, arg, timeout = 60000) {
  return page.waitForFunction(f, arg, { timeout, polling: 50 }).then((h) => h.jsonValue());
}
async function houseSuccess(page) {
  return page.$eval('#roll-table tr[data-edition="house"] td.success', (td) => Number(td.dataset.value)).catch(() => null);
}
async function typeRule(page, text) {
  await page.fill("#rule", "");
  await page.type("#rule", text, { delay: 0 });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
const errors = [];
function watch(page) {
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  return page;
}

// 1. The page from disk: its first figure, and no error.
const page = watch(await context.newPage());
const t0 = Date.now();
await page.goto(url);
await poll(page, () => document.body.dataset.firstFigureMs);
measured.first_figure_ms = Number(await page.evaluate(() => document.body.dataset.firstFigureMs));
measured.first_figure_wall_ms = Date.now() - t0;
await poll(page, () => document.body.dataset.fightState === "done");
check(errors.length === 0, `the page loads with no script error (${errors.join("; ") || "none"})`);

// 2. A house rule typed into the box: its figure is `wodds odds`'s.
const nine = readFileSync(join(root, "docs/examples/house-rules/nine-again.toml"), "utf8");
await page.fill("#pool", "5");
await page.fill("#difficulty", "7");
await page.dispatchEvent("#pool", "input");
await typeRule(page, nine);
const want = JSON.parse(cli(["odds", "--editions", "docs/examples/house-rules/nine-again.toml", "--pool", "5", "--difficulty", "7", "--format", "json"]))[0].p_success;
const got = await poll(page, ([w, tol]) => {
  const td = document.querySelector('#roll-table tr[data-edition="house"] td.success');
  return td && Math.abs(Number(td.dataset.value) - w) <= tol ? Number(td.dataset.value) : false;
}, [want, TOL], 20000).catch(() => null);
check(got !== null, `typed 9-again rule, 5 dice at difficulty 7: page ${got ?? await houseSuccess(page)} vs wodds odds ${want}`);

// 3. A bad rule: its error at the line and field, as the CLI says it. The
// page checks the text while it is typed too (a half-typed line 4 is an
// error of its own), so the wait is for the whole text's error, the one
// `wodds odds` gives for the same file.
const bad = 'name = "bad"\nextends = "revised"\n[dice]\nones = "none"\n';
writeFileSync(join(outDir, "house-rule.toml"), bad);
let cliSaid = "";
try {
  execFileSync(wodds, ["odds", "--editions", "house-rule.toml", "--pool", "5", "--difficulty", "7"], { cwd: outDir, encoding: "utf8", stdio: "pipe" });
} catch (e) {
  cliSaid = String(e.stderr).trim().replace(/^error: --editions: /, "");
}
await typeRule(page, bad);
const said = await poll(page, (want) => {
  const e = document.getElementById("rule-error");
  return !e.hidden && e.textContent === want && e.textContent;
}, cliSaid, 20000).catch(() => page.$eval("#rule-error", (e) => e.textContent));
const badLine = await page.$eval("#rule-gutter .bad", (s) => s.textContent).catch(() => null);
check(said === cliSaid && said.includes("house-rule.toml:4:") && said.includes("field `dice.ones`"), `a bad rule's error names line 4 and dice.ones, as wodds odds does: ${said}`);
check(badLine === "4", `the editor marks line 4 (marked: ${badLine})`);

// 4. A shared link restores the same state and figure.
await typeRule(page, nine);
await poll(page, ([w, tol]) => {
  const td = document.querySelector('#roll-table tr[data-edition="house"] td.success');
  return td && Math.abs(Number(td.dataset.value) - w) <= tol;
}, [want, TOL], 20000);
await page.waitForTimeout(300);
const link = page.url();
const again = watch(await context.newPage());
await again.goto(link);
const restored = await poll(again, ([w, tol]) => {
  const td = document.querySelector('#roll-table tr[data-edition="house"] td.success');
  return td && Math.abs(Number(td.dataset.value) - w) <= tol ? Number(td.dataset.value) : false;
}, [want, TOL], 20000).catch(() => null);
const sameRule = (await again.inputValue("#rule")) === nine;
check(link.includes("#s=") && restored !== null && sameRule, `a shared link (${link.length} characters) restores the rule and the figure (${restored})`);
await again.close();

// 5. Every shipped scenario under the four editions: each exact figure
//    the page shows is `wodds run`'s, and exactly where `wodds run` has
//    a round chain.
await page.uncheck("#rule-on");
await page.fill("#trials", "1000");
await page.dispatchEvent("#trials", "input");
const scenarios = readdirSync(join(root, "scenarios")).filter((f) => f.endsWith(".toml")).sort();
let exactPairs = 0;
let walked = 0;
for (const file of scenarios) {
  const results = JSON.parse(cli(["run", join("scenarios", file), "--editions", "revised,fta,uwod,hubris", "--trials", "1000", "--format", "json", "-q"]));
  await page.selectOption("#scenario", file);
  await poll(page, (f) => document.body.dataset.fightState === "done" && document.body.dataset.fightScenario === f, file, 600000);
  walked += Number(await page.evaluate(() => document.body.dataset.fightMs));
  const shown = await page.$$eval("#fight-table tr[data-edition]", (rows) => rows.map((r) => ({
    edition: r.dataset.edition,
    exact: [...r.querySelectorAll("td[data-exact]")].map((td) => Number(td.dataset.exact)),
  })));
  let ok = shown.length === results.length;
  let pairs = 0;
  for (const r of results) {
    const s = shown.find((x) => x.edition === r.edition);
    if (!s) { ok = false; continue; }
    if (r.chain_states == null) { ok = ok && s.exact.length === 0; continue; }
    pairs++;
    ok = ok && s.exact.length === r.sides.length && r.sides.every((side, i) => Math.abs(side.exact_win_rate - s.exact[i]) <= TOL);
  }
  exactPairs += pairs;
  // While its chains were built the page was told of their states.
  const told = Number(await page.evaluate(() => document.body.dataset.chainStates));
  ok = ok && (pairs === 0 || told > 0);
  check(ok, `${file}: ${pairs} exact editions, the same as wodds run's to 1e-9 (chain building shown up to ${told} states)`);
}
measured.exact_pairs = exactPairs;
measured.walk_s = Math.round(walked / 100) / 10;

// 5b. Every shipped scenario under its own editions, the house-rule files
//     it names (uriel-escapes: ../rules/*-pursuers-roll.toml) given from
//     the page's catalogue: each exact figure is `wodds run`'s on the
//     file. Editions are matched in order: the CLI names a house-rule file
//     by its path from the working directory, the page as the scenario
//     does.
await page.check("#own");
let ownPairs = 0;
for (const file of scenarios) {
  const results = JSON.parse(cli(["run", join("scenarios", file), "--trials", "1000", "--format", "json", "-q"]));
  await page.selectOption("#scenario", file);
  await poll(page, (f) => document.body.dataset.fightState === "done" && document.body.dataset.fightScenario === f, file, 600000);
  const shown = await page.$$eval("#fight-table tr[data-edition]", (rows) => rows.map((r) => ({
    edition: r.dataset.edition,
    exact: [...r.querySelectorAll("td[data-exact]")].map((td) => Number(td.dataset.exact)),
  })));
  let ok = shown.length === results.length;
  results.forEach((r, k) => {
    const s = shown[k];
    if (!s) { ok = false; return; }
    ok = ok && r.edition.replace(/^scenarios\//, "") === s.edition;
    if (r.chain_states == null) { ok = ok && s.exact.length === 0; return; }
    ownPairs++;
    ok = ok && s.exact.length === r.sides.length && r.sides.every((side, i) => Math.abs(side.exact_win_rate - s.exact[i]) <= TOL);
  });
  if (file === "uriel-escapes.toml") {
    check(ok && shown.some((s) => s.edition === "../rules/revised-pursuers-roll.toml"),
      `uriel-escapes under its own editions, the pursuers-roll rules included: ${shown.map((s) => s.edition).join(", ")}`);
  } else if (!ok) {
    check(false, `${file} under its own editions: the same as wodds run's to 1e-9`);
  }
}
check(ownPairs > 0, `every shipped scenario under its own editions: ${ownPairs} exact pairs, each wodds run's to 1e-9`);
await page.uncheck("#own");

// 6. A fight with no chain is estimated with a progress bar; the stop
//    button stops it.
await page.fill("#trials", "5000000");
await page.dispatchEvent("#trials", "input");
await page.selectOption("#scenario", "elder-vs-three-ghouls.toml");
await poll(page, () => /fights$/.test(document.getElementById("progress-text").textContent), null, 120000);
await page.click("#stop");
const stopped = await poll(page, () => document.body.dataset.fightState === "stopped" && document.getElementById("progress-text").textContent, null, 10000).catch(() => null);
check(stopped && stopped.startsWith("stopped after"), `the stop button stops an estimate: "${stopped}"`);

// 7. Fights a second in the browser, against the native binary on one
//    thread: the brawl under revised drawn from its round chain, timed at
//    1,000,000 and at 10,000 fights, so that the difference is the fights
//    alone (not the chain's building, nor starting a process).
await page.setViewportSize({ width: 1400, height: 1000 });
for (const id of ["fta", "uwod", "hubris"]) await page.uncheck(`#editions input[value="${id}"]`);
await page.selectOption("#scenario", "brawl.toml");
async function browserMs(trials) {
  await page.fill("#trials", String(trials));
  await page.dispatchEvent("#trials", "input");
  await poll(page, (n) => document.body.dataset.fightState === "done" && document.body.dataset.fightScenario === "brawl.toml" && document.body.dataset.fightTrials === String(n), trials, 600000);
  return Number(await page.evaluate(() => document.body.dataset.fightMs));
}
const big = Math.min(await browserMs(1000000), await browserMs(1000000));
const small = Math.min(await browserMs(10000), await browserMs(10000));
measured.browser_fights_per_s = Math.round(990000 / ((big - small) / 1000));
// The native figure from a release build (WODDS_RELEASE), where given: a
// debug build's would say nothing.
if (process.env.WODDS_RELEASE) {
  const native = (trials) => {
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const n0 = process.hrtime.bigint();
      execFileSync(process.env.WODDS_RELEASE, ["run", "scenarios/brawl.toml", "--editions", "revised", "--trials", String(trials), "-q"], { cwd: root, env: { ...process.env, RAYON_NUM_THREADS: "1" } });
      runs.push(Number(process.hrtime.bigint() - n0) / 1e6);
    }
    return Math.min(...runs);
  };
  measured.native_fights_per_s_1_thread = Math.round(990000 / ((native(1000000) - native(10000)) / 1000));
}

// 8. Screenshots, as a person would see the page: the default state at
//    1,400 and 400 px wide.
for (const width of [1400, 400]) {
  const shot = watch(await context.newPage());
  await shot.setViewportSize({ width, height: 1000 });
  await shot.goto(url);
  await poll(shot, () => document.body.dataset.fightState === "done" && document.body.dataset.firstFigureMs);
  await shot.screenshot({ path: join(outDir, `playground-${width}.png`), fullPage: true });
  const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `at ${width} px nothing runs off the page sideways (overflow ${overflow} px)`);
  await shot.close();
}
check(errors.length === 0, `no script error anywhere (${errors.join("; ") || "none"})`);

await browser.close();
writeFileSync(join(outDir, "playground-measured.json"), JSON.stringify(measured, null, 2) + "\n");
console.log("measured: " + JSON.stringify(measured));
console.log(failures ? `${failures} FAILED` : "playground: all checks passed");
process.exit(failures ? 1 : 0);
