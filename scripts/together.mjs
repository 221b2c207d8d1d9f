// Runs npm scripts side by side and fails if any fails: the type checks, lint and build share
// the machine's cores instead of waiting on one another. Each script's output is printed whole
// when it ends, so the log reads as if they had run one after another.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import process from "node:process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: node scripts/together.mjs <npm script> [<npm script> …]\n");
  process.exit(2);
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn("npm", ["run", "--silent", name], {
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
