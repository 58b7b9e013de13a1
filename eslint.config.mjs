// ESLint: TypeScript syntax, React's rules of hooks, and the layer rule (docs/decisions/130):
// imports only go down — routes and the API call services; services compose models and domain;
// models sit on db; domain and schemas are pure. `npm test` runs it with `tsc --noEmit`.
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";

/**
 * The layers. A file belongs to the first pattern that matches it. Lowest first:
 * domain (pure rules) < schemas < db < models < realtime, mail (transport) < market (the engine),
 * auth < live-rate, seed < services < api < ui (components) < routes < server (composition root).
 * `config` (the load context's type, env, log) is read by every layer and imports only types.
 */
const ELEMENTS = [
  { type: "config", pattern: "app/config/**", partialMatch: false },
  { type: "domain", pattern: "app/domain/**", partialMatch: false },
  { type: "schemas", pattern: "app/schemas/**", partialMatch: false },
  { type: "db", pattern: "app/db/**", partialMatch: false },
  { type: "models", pattern: "app/models/**", partialMatch: false },
  { type: "realtime", pattern: "app/realtime/**", partialMatch: false },
  { type: "mail", pattern: "app/mail/**", partialMatch: false },
  { type: "market", pattern: "app/market/**", partialMatch: false },
  { type: "auth", pattern: "app/auth/**", partialMatch: false },
  { type: "live-rate", pattern: "app/live-rate/**", partialMatch: false },
  { type: "seed", pattern: "app/seed/**", partialMatch: false },
  { type: "services", pattern: "app/services/**", partialMatch: false },
  { type: "api", pattern: "app/api/**", partialMatch: false },
  { type: "ui", pattern: "app/components/**", partialMatch: false },
  { type: "routes", pattern: "app/routes/**", partialMatch: false },
  { type: "server", pattern: "app/server/**", partialMatch: false },
];

/** Every layer above `type`, in the order of ELEMENTS' comment. */
const ORDER = ["domain", "schemas", "db", "models", "realtime", "mail", "market", "auth", "live-rate", "seed", "services", "api", "ui", "routes", "server"];
const above = (type) => ORDER.slice(ORDER.indexOf(type) + 1);
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
/** Only a value import of these layers is refused: a type may cross (a component's props type). */
const valuesOf = (...types) => ({ ...to(...types), dependency: { kind: "value" } });

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
            // Read by every layer, so it takes only types from them (the load context names the services).
            { from: { element: { type: "config" } }, disallow: valuesOf(...above("schemas")) },
            // The pure ground: the rules of the product, browser-safe; schemas only on domain.
            { from: { element: { type: "domain" } }, disallow: to(...above("domain"), "config") },
            { from: { element: { type: "schemas" } }, disallow: to(...above("schemas"), "config") },
            // Storage: db is the ground floor, models sit on it and on nothing that uses them.
            { from: { element: { type: "db" } }, disallow: to(...above("db")) },
            { from: { element: { type: "models" } }, disallow: to(...above("models")) },
            // Transport only emits: realtime knows no rules, queries or engine (a row's type may cross).
            { from: { element: { type: "realtime" } }, disallow: [to(...above("realtime")), valuesOf("models", "db")] },
            { from: { element: { type: "mail" } }, disallow: to(...above("mail")) },
            { from: { element: { type: "market" } }, disallow: to(...above("market")) },
            { from: { element: { type: "auth" } }, disallow: to(...above("auth")) },
            { from: { element: { type: "live-rate" } }, disallow: to(...above("live-rate")) },
            { from: { element: { type: "seed" } }, disallow: to(...above("seed")) },
            { from: { element: { type: "services" } }, disallow: to(...above("services")) },
            // Pages and the JSON API reach storage only through services.
            { from: { element: { type: "api" } }, disallow: to("db", "models", ...above("api")) },
            // The UI takes data as props: no storage, no engine, no page modules; a service's data type may cross.
            { from: { element: { type: "ui" } }, disallow: [to("db", "models", "market", "seed", "api", "routes", "server"), valuesOf("services", "auth", "live-rate", "mail")] },
            { from: { element: { type: "routes" } }, disallow: to("db", "models", "seed", "server") },
          ],
        },
      ],
    },
  },
  {
    // The shell's route module (app/root.tsx) is a page module too, outside the folders the layer
    // rule names: a component reads the shell's data through useRootData instead.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/root", "~/routes/*"], message: "A component takes data as props, or reads the shell through useRootData (components/layout/use-root-data.ts)." }] },
      ],
    },
  },
);
