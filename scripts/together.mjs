// Runs npm scripts side by side and fails if any fails: the type checks, lint and build share
// the machine's cores instead of waiting on one another. Each script's output is printed whole
// when it ends, so the log reads as if they had run one after another. Options after the names
// (arguments starting with "-", as `npm test -- --reporter=json` appends them) go to the last
// script, the test runner.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import process from "node:process";

const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith("-"));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
if (names.length === 0) {
  process.stderr.write(
    "usage: node scripts/together.mjs <npm script> [<npm script> …] [options for the last]\n",
  );
  process.exit(2);
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const extra = name === names.at(-1) && options.length > 0 ? ["--", ...options] : [];
      const child = spawn("npm", ["run", "--silent", name, ...extra], {
        shell: process.platform === "win32",
      });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code) => {
        process.stdout.write(`\n> ${name}: ${code === 0 ? "ok" : `failed (${String(code)})`}\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
