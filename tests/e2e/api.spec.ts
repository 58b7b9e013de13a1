// The JSON API against the built server: the README's Node example runs as written (so the
// documented client keeps working), and what the API writes is what the pages show (one model,
// two doors): an alert created by the API is on /alert, a trade on /trades.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { createUser, signInAsNewUser } from "./support";

const run = promisify(execFile);

function readmeExample(): string {
  const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../README.md"), "utf8");
  const match = /```js\n(\/\/ node api-example\.mjs[\s\S]*?)```/.exec(readme);
  if (!match) throw new Error("the README has no Node API example");
  return match[1];
}

test("the README's Node example signs in, lists trades, creates an alert and signs out", async ({ baseURL, page }) => {
  const customer = await createUser(page, { role: 4, label: "readme" });
  const file = path.join(os.tmpdir(), `api-example-${process.pid}-${Date.now()}.mjs`);
  fs.writeFileSync(file, readmeExample());
  try {
    const { stdout } = await run(process.execPath, [file], {
      env: { ...process.env, BASE: baseURL!, EMAIL: customer.email, PASSWORD: customer.password },
      timeout: 30_000,
    });
    expect(stdout).toMatch(/^\d+ trades; first page:/m);
    expect(stdout).toContain("Alert created successfully");
  } finally {
    fs.rmSync(file, { force: true });
  }
});

test("an alert and a trade written through the API show on the employee's pages", async ({ page, request }) => {
  // The employee's own user: its page session comes from the test hook, its token from the API's sign-in.
  const employee = await signInAsNewUser(page, { role: 3, label: "api", goto: false });
  const login = await request.post("/api/admin/login", { data: { email: employee.email, password: employee.password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const symbols = (await (await request.get("/api/admin/symbol/list?status=true", { headers })).json()) as { data: { id: number; symbol_code: string }[] };
  const symbol = symbols.data[0];
  const name = `API e2e ${Date.now().toString(36)}`;
  const alert = await request.post("/api/admin/alert/create", {
    headers,
    data: { name, symbolId: symbol.id, price: 123.45, condition: "Less than", viewType: ["Notify in App"], description: "from the API", isMasterAlert: 0, isChaviAlert: 0 },
  });
  expect(alert.status()).toBe(201);
  const trade = await request.post("/api/admin/trade/create", {
    headers,
    data: { symbol_code: symbol.symbol_code, tradeType: "BUY", buyPrice: 1.25, quantity: 7, description: name },
  });
  expect(trade.status()).toBe(201);
  const tradeId = ((await trade.json()) as { data: { id: number } }).data.id;

  await page.goto("/alert");
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await page.goto(`/trades/${tradeId}/edit`);
  await expect(page.getByLabel("Quantity", { exact: true })).toHaveValue("7");

  const deleted = await request.delete(`/api/admin/trade/${tradeId}`, { headers });
  expect(deleted.status()).toBe(200);
  await page.goto(`/trades/${tradeId}/edit`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
