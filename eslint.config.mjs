// ESLint: TypeScript syntax, React's rules of hooks, and the layer rule (docs/decisions/130):
// imports only go down — routes and the API call services; services compose models and domain;
// models sit on db; domain and schemas are pure. `npm test` runs it with `tsc --noEmit`.
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";

/** The layers, lowest first. A file belongs to the first pattern that matches it. */
const ELEMENTS = [
  { type: "domain", pattern: "app/domain/**", partialMatch: false },
  { type: "schemas", pattern: "app/schemas/**", partialMatch: false },
  { type: "db", pattern: "app/db/**", partialMatch: false },
  { type: "models", pattern: "app/models/**", partialMatch: false },
  { type: "ui", pattern: "app/components/**", partialMatch: false },
  { type: "routes", pattern: "app/routes/**", partialMatch: false },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

export default tseslint.config(
  { ignores: ["build/**", "dist/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  {
    // Some files carry directives for typescript-eslint's recommended rules, which are not on yet.
    linterOptions: { reportUnusedDisableDirectives: "off" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.base],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": ELEMENTS,
      "boundaries/include": ["app/**/*"],
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            // The pure ground: the rules of the product, browser-safe.
            { from: { element: { type: "domain" } }, disallow: { to: { element: { types: { anyOf: ["schemas", "db", "models", "ui", "routes"] } } } } },
            { from: { element: { type: "schemas" } }, disallow: { to: { element: { types: { anyOf: ["db", "models", "ui", "routes"] } } } } },
            // Storage: models on db, neither on anything that serves pages.
            { from: { element: { type: "models" } }, disallow: to("ui", "routes") },
            { from: { element: { type: "db" } }, disallow: to("ui", "routes") },
            // The UI kit and components take data as props: no storage, no page modules.
            { from: { element: { type: "ui" } }, disallow: to("db", "models", "routes") },
          ],
        },
      ],
    },
  },
);
