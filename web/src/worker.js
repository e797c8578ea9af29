// The playground's worker: runs the wasm module's calls off the page's
// thread. Built into one script after wasm-bindgen's no-modules glue
// (which defines `wasm_bindgen`), and started from a Blob, so the page
// works from file:// as well as from any static host.
"use strict";
self.onmessage = (event) => {
  const m = event.data;
  const t0 = performance.now();
  let text;
  try {
    if (m.kind === "init") {
      wasm_bindgen.initSync({ module: m.wasm });
      self.postMessage({ id: m.id, answer: { ok: true }, ms: performance.now() - t0 });
      return;
    }
    if (m.kind === "odds") {
      text = wasm_bindgen.odds(JSON.stringify(m.query));
    } else if (m.kind === "run") {
      // The first of each is always sent (a fresh worker's clock starts
      // near 0), then at most one each 80 ms.
      let last = -Infinity;
      let built = -Infinity;
      text = wasm_bindgen.run(JSON.stringify(m.query), (done, total) => {
        const now = performance.now();
        if (now - last > 80 || done === total) {
          last = now;
          self.postMessage({ id: m.id, progress: [done, total] });
        }
      }, (states, paths) => {
        const now = performance.now();
        if (now - built > 80) {
          built = now;
          self.postMessage({ id: m.id, building: [states, paths] });
        }
      });
    } else if (m.kind === "catalogue") {
      text = wasm_bindgen.catalogue();
    } else if (m.kind === "show") {
      text = wasm_bindgen.show(JSON.stringify(m.edition));
    } else if (m.kind === "diff") {
      text = wasm_bindgen.diff(JSON.stringify(m.a), JSON.stringify(m.b));
    } else {
      throw new Error("unknown call " + m.kind);
    }
    self.postMessage({ id: m.id, answer: JSON.parse(text), ms: performance.now() - t0 });
  } catch (e) {
    // A trap in the module (a bug, not bad input, which answers an error).
    self.postMessage({ id: m.id, answer: { error: { message: "internal error: " + e } } });
  }
};
