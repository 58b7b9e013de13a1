// Issue 23 (docs/decisions/175): a live Kite feed silent for a minute in market hours is shown as
// stale since its last price; outside the session (weekends and the calendar's holidays
// included) silence is expected and nothing is stale.
import { describe, expect, it } from "vitest";
import { instrumentView, STALE_AFTER_MS, staleOrAsIs } from "~/live-rate/kite-provider.server";
import type { KiteFeedStatus } from "~/market/feeds/kite.server";

const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const live = (lastTickAt: number | null, since = ist("2026-11-27T09:00:00")): KiteFeedStatus => ({ name: "kite", state: "live", since, lastTickAt, detail: null, unmapped: [] });

describe("staleOrAsIs", () => {
  it("a live feed with a price within the minute stays live", () => {
    const now = ist("2026-11-27T11:00:00");
    expect(staleOrAsIs(live(now - STALE_AFTER_MS + 1), now).state).toBe("live");
  });

  it("silent for a minute in market hours: stale since the last price, with the time in IST", () => {
    const last = ist("2026-11-27T10:58:30");
    const status = staleOrAsIs(live(last), last + STALE_AFTER_MS);
    expect(status).toMatchObject({ state: "stale", since: last, detail: "No price from Kite since 10:58:30 AM IST, while the market is open." });
  });

  it("connected without a price yet counts from the connect", () => {
    const since = ist("2026-11-27T09:20:00");
    expect(staleOrAsIs(live(null, since), since + STALE_AFTER_MS - 1).state).toBe("live");
    expect(staleOrAsIs(live(null, since), since + STALE_AFTER_MS)).toMatchObject({ state: "stale", since });
  });

  it("outside the session, on a weekend or a holiday, silence is not stale", () => {
    const evening = ist("2026-11-27T16:30:00");
    expect(staleOrAsIs(live(ist("2026-11-27T15:29:59")), evening).state).toBe("live");
    const saturday = ist("2026-11-28T11:00:00");
    expect(staleOrAsIs(live(null, saturday - 3_600_000), saturday).state).toBe("live");
    const holiday = ist("2026-11-24T11:00:00");
    const holidays = (ymd: string) => ymd !== "2026-11-24";
    expect(staleOrAsIs(live(null, holiday - 3_600_000), holiday, holidays).state).toBe("live");
    expect(staleOrAsIs(live(null, holiday - 3_600_000), holiday).state).toBe("stale");
  });

  it("reconnecting and off are left as they are", () => {
    const now = ist("2026-11-27T11:00:00");
    expect(staleOrAsIs({ ...live(null), state: "reconnecting" }, now).state).toBe("reconnecting");
    expect(staleOrAsIs({ ...live(null), state: "off" }, now).state).toBe("off");
  });
});

describe("instrumentView", () => {
  it("names the instrument streamed, or why a symbol is not streamed", () => {
    expect(instrumentView({ status: "mapped", source: "rule", symbolCode: "NIFTY-I", instrument_token: 1, tradingsymbol: "NIFTY26DECFUT", exchange: "NFO", segment: "NFO-FUT", expiry: "2026-12-29" })).toEqual({
      symbolCode: "NIFTY-I",
      status: "mapped",
      text: "NIFTY26DECFUT · NFO · expires 2026-12-29",
      chosenToken: null,
    });
    expect(instrumentView({ status: "mapped", source: "override", symbolCode: "INFY", instrument_token: 2, tradingsymbol: "INFY", exchange: "NSE", segment: "NSE" }, 2)).toMatchObject({ text: "INFY · NSE (chosen by hand)", chosenToken: 2 });
    expect(
      instrumentView({ status: "ambiguous", symbolCode: "RELIANCE", reason: "listed on several exchanges", candidates: [{ instrument_token: 3, tradingsymbol: "RELIANCE", exchange: "BSE", segment: "BSE" }] }),
    ).toEqual({ symbolCode: "RELIANCE", status: "ambiguous", text: "Not streamed: listed on several exchanges (RELIANCE · BSE · token 3)", chosenToken: null });
    expect(instrumentView({ status: "unknown", symbolCode: "XYZ", reason: "no NSE equity XYZ", rejectedOverride: { instrument_token: 9, reason: "not in today's dump" } }, 9)).toEqual({
      symbolCode: "XYZ",
      status: "unknown",
      text: "Not streamed: no NSE equity XYZ; the token chosen by hand (9) is not used: not in today's dump",
      chosenToken: 9,
    });
  });
});
