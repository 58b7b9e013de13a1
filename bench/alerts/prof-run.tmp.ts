import { run } from "./prof.tmp";
run().then(() => process.exit(0));
