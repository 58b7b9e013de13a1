// Reading an audio script aloud in Hindi (hi-IN) with the Web Speech API. Speech and audio
// errors are only logged (docs/product-rules.md R-AC8): no voice, no speech, no message.

export const SPEECH_LANG = "hi-IN";

interface VoiceLike {
  lang: string;
  name: string;
}

/** A voice for the language: an exact tag first, then the same language in any region. */
export function findVoice<V extends VoiceLike>(voices: readonly V[], lang = SPEECH_LANG): V | null {
  const wanted = lang.toLowerCase().replace("_", "-");
  const exact = voices.find((v) => v.lang.toLowerCase().replace("_", "-") === wanted);
  if (exact) return exact;
  const base = wanted.split("-")[0];
  return voices.find((v) => v.lang.toLowerCase().split(/[-_]/)[0] === base) ?? null;
}

interface SpeechLike {
  getVoices(): VoiceLike[];
  speak(utterance: unknown): void;
  cancel(): void;
}

type MakeUtterance = (text: string) => { lang: string; voice: unknown };

/** What speaking uses; each part left out is the browser's own (tests pass fakes). */
interface SpeechEnv {
  speech?: SpeechLike;
  makeUtterance?: MakeUtterance;
  log?: (message: string) => void;
}

function resolveSpeech(env: SpeechEnv) {
  const log = env.log ?? ((m: string) => console.info(m));
  const speech = env.speech ?? (typeof window !== "undefined" ? (window.speechSynthesis as unknown as SpeechLike | undefined) : undefined);
  const make: MakeUtterance | undefined =
    env.makeUtterance ??
    (typeof window !== "undefined" && "SpeechSynthesisUtterance" in window
      ? (t: string) => new window.SpeechSynthesisUtterance(t) as unknown as { lang: string; voice: unknown }
      : undefined);
  return { log, speech, make };
}

/** Speaks `text` in hi-IN, cutting off whatever is being spoken; without `voice`, in the browser's default voice. */
function say(speech: SpeechLike, make: MakeUtterance, text: string, voice?: VoiceLike): void {
  const utterance = make(text);
  utterance.lang = SPEECH_LANG;
  if (voice) utterance.voice = voice;
  speech.cancel();
  speech.speak(utterance);
}

function logError(log: (message: string) => void, error: unknown): void {
  log(`[speech] ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Speaks `text` with a hi-IN voice. Returns whether it spoke; with no speech synthesis or no
 * Hindi voice it logs and returns false (fails quietly).
 */
export function speakHindi(text: string, env: SpeechEnv = {}): boolean {
  const { log, speech, make } = resolveSpeech(env);
  if (!text.trim()) return false;
  if (!speech || !make) {
    log("[speech] speech synthesis is not available");
    return false;
  }
  try {
    const voice = findVoice(speech.getVoices());
    if (!voice) {
      log(`[speech] no ${SPEECH_LANG} voice installed`);
      return false;
    }
    say(speech, make, text, voice);
    return true;
  } catch (error) {
    logError(log, error);
    return false;
  }
}

/** docs/product-rules.md R-D16: a symbol's alert is spoken at most once per 60 s. */
export const SPEECH_COOLDOWN_MS = 60_000;

/**
 * Remembers when each symbol was last spoken. `tryClaim` says whether it may speak now and,
 * if so, starts its cooldown.
 */
export function createSpeechCooldown(cooldownMs = SPEECH_COOLDOWN_MS) {
  const lastSpoken = new Map<string, number>();
  return {
    tryClaim(symbolCode: string, now: number): boolean {
      const key = symbolCode.toUpperCase();
      const last = lastSpoken.get(key);
      if (last !== undefined && now - last < cooldownMs) return false;
      lastSpoken.set(key, now);
      return true;
    },
  };
}

export type SpokenWith = "hindi" | "default" | "none";

/**
 * Speaks an alert's audio script: with a hi-IN voice when one is installed, else with the
 * browser's default voice (the caller says so once in the UI). Errors are only logged.
 */
export function speakAlertScript(text: string, env: SpeechEnv = {}): SpokenWith {
  if (speakHindi(text, { ...env, log: () => {} })) return "hindi";
  const { log, speech, make } = resolveSpeech(env);
  if (!text.trim() || !speech || !make) {
    if (text.trim()) log("[speech] speech synthesis is not available");
    return "none";
  }
  try {
    say(speech, make, text);
    log(`[speech] no ${SPEECH_LANG} voice installed: spoken with the default voice`);
    return "default";
  } catch (error) {
    logError(log, error);
    return "none";
  }
}
