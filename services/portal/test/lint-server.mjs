// The lint of architecture.int-spec.ts, in one process for the whole file: each line on stdin is a
// JSON request {id, filePath, code}; each answer a line {id, failed, output}, as `eslint
// --max-warnings=0 --no-warn-ignored --stdin --stdin-filename filePath` would have ended and printed.
import { createInterface } from 'node:readline';
import process from 'node:process';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.argv[2] ?? process.cwd() });
const formatter = await eslint.loadFormatter('stylish');

for await (const line of createInterface({ input: process.stdin })) {
  const { id, filePath, code } = JSON.parse(line);
  const results = await eslint.lintText(code, { filePath, warnIgnored: false });
  const problems = results.reduce((sum, r) => sum + r.errorCount + r.warningCount, 0);
  const output = await formatter.format(results);
  process.stdout.write(`${JSON.stringify({ id, failed: problems > 0, output })}\n`);
}
