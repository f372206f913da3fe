// ESLint over the page's JavaScript and the tools' (issue 51): `make lint`. ESLint's recommended rules, with
// each group of files given the globals of where it runs. Types are tsc's (tsconfig*.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "static/vendor/",
      "dist/",
      "build/",
      ".cache/",
      ".venv/",
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  { // the page's scripts (index.html: each a module)
    files: ["static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  { // the bench's bare page (tools/bench.py fills its placeholders)
    files: ["tools/bench/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  { // the two workers, and the bench's bare worker
    files: ["static/*-worker.js", "tools/bench/*-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  { // used by the page and by both workers
    files: ["static/archive.js", "static/snapshot.js"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  { // the service worker (tools/build_site.py writes dist/sw.js from it)
    files: ["tools/sw.template.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.serviceworker } },
  },
  { // Node: the tools run under it, and this file
    files: ["tools/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
