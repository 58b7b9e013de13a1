// The audio-script button's speech: a hi-IN voice speaks; no voice or no speech API only logs.
import { describe, expect, it } from "vitest";
import { findVoice, speakHindi } from "~/domain/speech";

function fakeSpeech(voices: { lang: string; name: string }[]) {
  const spoken: { lang: string; voice: unknown; text: string }[] = [];
  return {
    spoken,
    speech: { getVoices: () => voices, speak: (u: unknown) => spoken.push(u as never), cancel: () => {} },
    makeUtterance: (text: string) => ({ text, lang: "", voice: null as unknown }),
  };
}

describe("findVoice", () => {
  it("prefers hi-IN, then any Hindi voice, else none", () => {
    const hiIN = { lang: "hi-IN", name: "Lekha" };
    const hi = { lang: "hi_XX", name: "Other Hindi" };
    const en = { lang: "en-IN", name: "Rishi" };
    expect(findVoice([en, hi, hiIN])).toBe(hiIN);
    expect(findVoice([en, hi])).toBe(hi);
    expect(findVoice([en])).toBeNull();
  });
});

describe("speakHindi", () => {
  it("speaks with the hi-IN voice", () => {
    const f = fakeSpeech([{ lang: "en-US", name: "A" }, { lang: "hi-IN", name: "Lekha" }]);
    expect(speakHindi("निफ्टी", f)).toBe(true);
    expect(f.spoken).toHaveLength(1);
    expect(f.spoken[0]).toMatchObject({ text: "निफ्टी", lang: "hi-IN", voice: { name: "Lekha" } });
  });
  it("fails quietly without a Hindi voice: logs, speaks nothing, throws nothing", () => {
    const logs: string[] = [];
    const f = fakeSpeech([{ lang: "en-US", name: "A" }]);
    expect(speakHindi("निफ्टी", { ...f, log: (m) => logs.push(m) })).toBe(false);
    expect(f.spoken).toHaveLength(0);
    expect(logs).toEqual(["[speech] no hi-IN voice installed"]);
  });
  it("fails quietly without speech synthesis, or when the engine throws", () => {
    const logs: string[] = [];
    expect(speakHindi("x", { log: (m) => logs.push(m) })).toBe(false);
    const throwing = { getVoices: () => { throw new Error("boom"); }, speak: () => {}, cancel: () => {} };
    expect(speakHindi("x", { speech: throwing, makeUtterance: () => ({ lang: "", voice: null }), log: (m) => logs.push(m) })).toBe(false);
    expect(logs).toEqual(["[speech] speech synthesis is not available", "[speech] boom"]);
  });
});
