// The demo pages: role 1 only (docs/product-rules.md R-D25), static.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as indexLoader } from "~/routes/_demo+/demo._index";
import { loader as paymentLoader } from "~/routes/_demo+/demo.payment";
import { loader as analyticsLoader } from "~/routes/_demo+/demo.analytics";
import { loader as fintechLoader } from "~/routes/_demo+/demo.fintech";
import { loader as chaviLoader } from "~/routes/_demo+/demo.all-chavi-analysis";
import { istDateString } from "~/domain/dates";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe("/demo", () => {
  it("opens for role 1 and not for the others", async () => {
    const admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
    const customer = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 4 })).id);
    const pages = [
      [indexLoader, "/demo"],
      [paymentLoader, "/demo/payment"],
      [analyticsLoader, "/demo/analytics"],
      [fintechLoader, "/demo/fintech"],
      [chaviLoader, "/demo/all-chavi-analysis"],
    ] as const;
    for (const [loader, path] of pages) {
      expect((await call(loader, getRequest(path, { cookie: admin }), t.context)).status).toBe(200);
      const denied = await call(loader, getRequest(path, { cookie: customer }), t.context);
      expect(denied.status).toBe(302);
      expect(denied.headers.get("Location")).toBe("/login");
    }
    const range = await (await call(chaviLoader, getRequest("/demo/all-chavi-analysis", { cookie: admin }), t.context)).json();
    expect(range.to).toBe(istDateString(new Date()));
    const cash = await (await call(fintechLoader, getRequest("/demo/fintech?from=2026-01-01&to=2026-01-10", { cookie: admin }), t.context)).json();
    expect(cash.points).toHaveLength(10);
  });
});
