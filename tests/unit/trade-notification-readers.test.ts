// Who gets a notification row of a trade change or level hit (app/domain/trade-notifications.ts):
// the owner and every active staff member, each once, the owner first.
import { describe, expect, it } from "vitest";
import { tradeNotificationReaders } from "~/domain/trade-notifications";

describe("tradeNotificationReaders", () => {
  it("names the owner and each staff member once", () => {
    expect(tradeNotificationReaders(7, [1, 2, 3])).toEqual([7, 1, 2, 3]);
    // An owner who is staff (an employee's own trade) is not told twice; nor is a repeated staff id.
    expect(tradeNotificationReaders(2, [1, 2, 3, 3])).toEqual([2, 1, 3]);
    expect(tradeNotificationReaders(9, [])).toEqual([9]);
  });
});
