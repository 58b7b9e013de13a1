// Password strength by zxcvbn-ts (common-password, name and word dictionaries, keyboard
// patterns, dates, l33t speak). Its dictionaries take about a quarter of a second to load and a
// check can take tens of milliseconds, so both happen in one worker thread, started on the
// first check: the event loop that carries live prices never waits for them, and neither the
// dictionaries nor this module reach the browser (docs/decisions/120).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** zxcvbn's scale is 0-4; 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;
export const WEAK_PASSWORD = "This password is too easy to guess.";
const FALLBACK_ADVICE = "Add another word or two; uncommon words are better.";
/** Words of this site a password should not lean on, beside the user's own details. */
const SITE_WORDS = ["nse", "signals", "nsesignals", "trading", "dashboard"];
/** zxcvbn judges this many leading characters (the forms accept up to 200). */
const CHECKED_LENGTH = 100;

export type PasswordStrength = { ok: true } | { ok: false; message: string };

interface Verdict {
  id: number;
  score?: number;
  warning?: string | null;
  suggestions?: string[];
  error?: string;
}

// Runs in the worker (CommonJS, eval'd): the packages are required by the absolute paths the
// main thread resolved, so it works the same from the Remix build, the bundled server and tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let zxcvbn = null;
function load() {
  const { ZxcvbnFactory } = require(workerData.core);
  const common = require(workerData.common);
  const en = require(workerData.en);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: workerData.maxLength,
    // Bounds the l33t matcher's work on symbol-heavy input (its default, 100, costs ~0.6 s).
    l33tMaxSubstitutions: 20,
  });
}
parentPort.on("message", ({ id, password, userInputs }) => {
  try {
    zxcvbn ??= load();
    const result = zxcvbn.check(password, userInputs);
    parentPort.postMessage({ id, score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Checker {
  worker: Worker;
  pending: Map<number, { resolve: (v: Verdict) => void; reject: (e: Error) => void }>;
  nextId: number;
}

// One worker per process, kept under a registered symbol: the dev server re-imports the build
// on every change, and each copy of this module must not start a worker of its own.
const CHECKER = Symbol.for("nse-signals.password-strength");
const holder = globalThis as unknown as Record<symbol, Checker | undefined>;

function startChecker(): Checker {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      core: require.resolve("@zxcvbn-ts/core"),
      common: require.resolve("@zxcvbn-ts/language-common"),
      en: require.resolve("@zxcvbn-ts/language-en"),
      maxLength: CHECKED_LENGTH,
    },
  });
  const checker: Checker = { worker, pending: new Map(), nextId: 1 };
  const settle = () => {
    if (checker.pending.size === 0) worker.unref();
  };
  worker.on("message", (verdict: Verdict) => {
    const waiting = checker.pending.get(verdict.id);
    checker.pending.delete(verdict.id);
    settle();
    waiting?.resolve(verdict);
  });
  const fail = (error: Error) => {
    if (holder[CHECKER] === checker) holder[CHECKER] = undefined;
    for (const waiting of checker.pending.values()) waiting.reject(error);
    checker.pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`password strength worker stopped (code ${code})`)));
  worker.unref();
  return checker;
}

function ask(password: string, userInputs: string[]): Promise<Verdict> {
  const checker = (holder[CHECKER] ??= startChecker());
  const id = checker.nextId++;
  return new Promise((resolve, reject) => {
    checker.pending.set(id, { resolve, reject });
    // Held open only while a check is on its way, so an idle worker never keeps the process up.
    checker.worker.ref();
    checker.worker.postMessage({ id, password, userInputs });
  });
}

/** The user's details, joined up and in parts ("Asha Rao", "asha.rao@example.in" → asharao, asha, rao, example). */
export function passwordUserInputs(userInputs: readonly string[]): string[] {
  const words = new Set<string>(SITE_WORDS);
  for (const input of userInputs) {
    const whole = input.trim().toLowerCase();
    if (!whole) continue;
    words.add(whole);
    words.add(whole.replace(/[^\p{L}\p{N}]+/gu, ""));
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Refuses a password that zxcvbn scores below 3 (common or breached passwords, keyboard runs,
 * the user's own name, email or username ...), with zxcvbn's warning and suggestions in the
 * message. userInputs: the user's name, email and username.
 */
export async function checkPasswordStrength(password: string, userInputs: string[]): Promise<PasswordStrength> {
  const verdict = await ask(password.normalize("NFKC"), passwordUserInputs(userInputs));
  if (verdict.error !== undefined) throw new Error(`password strength check failed: ${verdict.error}`);
  if ((verdict.score ?? 0) >= MIN_PASSWORD_SCORE) return { ok: true };
  const advice = [verdict.warning, ...(verdict.suggestions ?? [])].filter((line): line is string => Boolean(line));
  return { ok: false, message: [WEAK_PASSWORD, ...(advice.length ? advice : [FALLBACK_ADVICE])].join(" ") };
}
