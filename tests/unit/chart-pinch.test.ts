// The pinch-zoom arithmetic of the normal-mode chart (issue 20: touch pan and pinch zoom), and
// the scales of a zoomed chart.
import { describe, expect, it } from "vitest";
import { chartPriceRange, followedRange, OPENING_SLOT_PX, openingRange, pannedRange, pinchedRange, visiblePriceRange, visibleVolumeMax } from "~/domain/chart-layout";

const ALL = { min: -0.5, max: 99.5 }; // 100 candles

describe("pinchedRange", () => {
  it("spreading the fingers twice as far apart halves the span around the point under them", () => {
    expect(pinchedRange(ALL, 0.5, 2, ALL, 10)).toEqual({ min: 24.5, max: 74.5 });
  });

  it("keeps the candle under the fingers where it was on the screen", () => {
    const start = { min: 19.5, max: 59.5 }; // 40 slots; the fingers a quarter of the way in: slot 29.5
    const next = pinchedRange(start, 0.25, 4, ALL, 5);
    expect(next.max - next.min).toBe(10);
    expect(next.min + 0.25 * (next.max - next.min)).toBeCloseTo(29.5, 10);
  });

  it("squeezing shows more, up to the whole series and never past its ends", () => {
    expect(pinchedRange({ min: 80, max: 99.5 }, 0.9, 0.1, ALL, 10)).toEqual(ALL);
    const wider = pinchedRange({ min: 79.5, max: 99.5 }, 1, 0.5, ALL, 10);
    expect(wider).toEqual({ min: 59.5, max: 99.5 });
  });

  it("stops at the fewest candles allowed, however far the fingers spread", () => {
    expect(pinchedRange(ALL, 0.5, 1_000, ALL, 10)).toEqual({ min: 44.5, max: 54.5 });
  });

  it("a series shorter than the fewest allowed shows whole", () => {
    const few = { min: -0.5, max: 5.5 };
    expect(pinchedRange(few, 0.5, 3, few, 10)).toEqual(few);
  });

  it("a scale or anchor that is not a number changes nothing, or pins the middle", () => {
    const start = { min: 9.5, max: 49.5 };
    expect(pinchedRange(start, 0.5, Number.NaN, ALL, 10)).toEqual(start);
    expect(pinchedRange(start, Number.NaN, 2, ALL, 10)).toEqual({ min: 19.5, max: 39.5 });
  });
});

describe("followedRange", () => {
  it("a range at the newest candle moves with it when a bucket closes", () => {
    expect(followedRange({ min: 79.5, max: 99.5, slots: 100 }, 101)).toEqual({ min: 80.5, max: 100.5 });
  });

  it("a range over older candles stays on them", () => {
    expect(followedRange({ min: 19.5, max: 39.5, slots: 100 }, 101)).toEqual({ min: 19.5, max: 39.5 });
  });

  it("fewer candles (a reload) keep the span inside the new ends", () => {
    expect(followedRange({ min: 79.5, max: 99.5, slots: 100 }, 50)).toEqual({ min: 29.5, max: 49.5 });
  });

  it("no zoom, a range as wide as the series, or no candles is the whole series (null)", () => {
    expect(followedRange(null, 100)).toBeNull();
    expect(followedRange({ min: -0.5, max: 99.5, slots: 100 }, 100)).toBeNull();
    expect(followedRange({ min: 10, max: 20, slots: 100 }, 0)).toBeNull();
  });
});

describe("the scales of a zoomed chart", () => {
  // A day that climbs from 100 to 199: candle i spans i + 99 to i + 101.
  const day = Array.from({ length: 100 }, (_, i) => ({ high: i + 101, low: i + 99, volume: i === 10 ? 5_000 : 100 + i }));

  it("fits the prices of the candles shown, with the whole chart's 4% room", () => {
    // Slots 79.5-99.5 show candles 80-99: lows from 179, highs to 200; 21 points with 4% room.
    const range = visiblePriceRange(day, [], [], { min: 79.5, max: 99.5 })!;
    expect(range.min).toBeCloseTo(179 - 21 * 0.04, 9);
    expect(range.max).toBeCloseTo(200 + 21 * 0.04, 9);
    // The same arithmetic as the unzoomed chart over those candles.
    expect(range).toEqual(chartPriceRange(day.slice(80), []));
  });

  it("counts a candle when its centre is inside the range, not a sliver of its slot", () => {
    const range = visiblePriceRange(day, [], [], { min: 10.4, max: 19.6 })!;
    // Candles 11-19: lows from 110, highs to 120.
    expect(range).toEqual(chartPriceRange(day.slice(11, 20), []));
  });

  it("takes in the study lines over the candles shown, not their values elsewhere", () => {
    const sma = { values: day.map((_, i) => (i < 5 ? null : i === 85 ? 260 : i === 5 ? 10 : i + 100)) };
    const range = visiblePriceRange(day, [sma], [], { min: 79.5, max: 99.5 })!;
    expect(range).toEqual(chartPriceRange(day.slice(80), [179, 260]));
    // Candle 5's study value of 10 is off screen and does not stretch the scale.
    expect(visiblePriceRange(day, [sma], [], { min: 49.5, max: 59.5 })).toEqual(chartPriceRange(day.slice(50, 60), [150, 159]));
  });

  it("keeps the reference lines on the chart, as the whole chart does", () => {
    // Candles 80-99 (179-200) and a target at 230: the scale reaches the target.
    expect(visiblePriceRange(day, [], [230, 185], { min: 79.5, max: 99.5 })).toEqual(chartPriceRange(day.slice(80), [230, 185]));
  });

  it("is null when the range holds no candle, so the chart keeps its whole scale", () => {
    expect(visiblePriceRange(day, [], [], { min: 120, max: 130 })).toBeNull();
    expect(visiblePriceRange([], [], [], { min: -0.5, max: 0.5 })).toBeNull();
  });

  it("scales the volume bars to the highest volume shown, with headroom for the live bar", () => {
    expect(visibleVolumeMax(day, { min: 79.5, max: 99.5 }, 1.25)).toBe(199 * 1.25);
    // Candle 10's 5,000 counts only when it is on screen.
    expect(visibleVolumeMax(day, { min: 4.5, max: 14.5 }, 1.25)).toBe(5_000 * 1.25);
    expect(visibleVolumeMax(day, { min: 120, max: 130 }, 1.25)).toBe(1.25);
  });
});

describe("openingRange", () => {
  it("opens on every candle when each has its room", () => {
    expect(openingRange(250, 1100)).toBeNull();
    expect(openingRange(65, 260)).toBeNull();
  });

  it("opens a phone on the newest candles that fit, the live one at the right edge", () => {
    // A year of daily candles on a 262 px plot: 65 of them, 4 px each.
    const range = openingRange(250, 262)!;
    expect(range).toEqual({ min: 249.5 - 65, max: 249.5 });
    expect(262 / (range.max - range.min)).toBeGreaterThanOrEqual(OPENING_SLOT_PX);
  });

  it("answers the whole series for a plot too narrow to measure", () => {
    expect(openingRange(250, 0)).toBeNull();
    expect(openingRange(250, Number.NaN)).toBeNull();
  });
});

describe("pannedRange", () => {
  const start = { min: 49.5, max: 69.5 }; // 20 slots

  it("drags the candles with the finger: a third of the plot to the right brings a third of the span of older candles in", () => {
    const next = pannedRange(start, 1 / 3, ALL);
    expect(next.max - next.min).toBeCloseTo(20, 9);
    expect(next.min).toBeCloseTo(49.5 - 20 / 3, 9);
  });

  it("drags to newer candles to the left, and stops at the live candle's slot", () => {
    expect(pannedRange(start, -0.5, ALL)).toEqual({ min: 59.5, max: 79.5 });
    expect(pannedRange(start, -5, ALL)).toEqual({ min: 79.5, max: 99.5 });
  });

  it("stops at the oldest candle and keeps the span", () => {
    expect(pannedRange(start, 10, ALL)).toEqual({ min: -0.5, max: 19.5 });
  });

  it("does not move for a movement it cannot read", () => {
    expect(pannedRange(start, Number.NaN, ALL)).toEqual(start);
  });
});
