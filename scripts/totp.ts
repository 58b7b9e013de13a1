// npm run totp [-- email]: the current two-factor code of the demo admin and sub-admin, as an
// authenticator app holding DEMO_TOTP_SECRET would show it (docs/decisions/121). Only the demo
// secret is known here: every other account scanned its own at /settings/two-factor.
import { totpCodeAt } from "../app/auth/totp.server";
import { DEMO_TOTP_SECRET, DEMO_USERS } from "../app/seed/demo-data";
import { TOTP_PERIOD_SECONDS } from "../app/domain/two-factor";

const demoEmails: string[] = [DEMO_USERS.admin.email, DEMO_USERS.subAdmin.email];

async function main(): Promise<void> {
  const asked = process.argv[2]?.trim().toLowerCase();
  if (asked && !demoEmails.includes(asked)) {
    console.error(`Only the demo accounts' secret is known here (${demoEmails.join(", ")}); ${asked} uses the app it scanned its own code with.`);
    process.exitCode = 1;
    return;
  }
  const now = new Date();
  const left = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
  console.log(await totpCodeAt(DEMO_TOTP_SECRET, now));
  console.error(`(for ${asked ?? demoEmails.join(" and ")}; valid ${left} more seconds, and each code signs in once)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
