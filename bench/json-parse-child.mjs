// The in-memory limit beside the streaming decoder: the same shard's records through nothing but
// Buffer#toString and JSON.parse, one record at a time (the generated shard writes one record a
// line, so splitting costs one indexOf). Prints one JSON line: bytes, ms, records, peak RSS.
//   node bench/json-parse-child.mjs <shard.json>
import { createReadStream, statSync } from 'node:fs';

const file = process.argv[2];
const started = process.hrtime.bigint();
let records = 0;
let rest = Buffer.alloc(0);
const parseLine = (line) => {
  let end = line.length;
  while (end > 0 && (line[end - 1] === 0x2c || line[end - 1] === 0x0d)) end--; // the "," between records
  if (end === 0 || (end === 1 && (line[0] === 0x5b || line[0] === 0x5d))) return; // "[" and "]"
  JSON.parse(line.subarray(0, end).toString('utf8'));
  records++;
};
for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
  let data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
  let from = 0;
  for (let nl = data.indexOf(0x0a, from); nl !== -1; nl = data.indexOf(0x0a, from)) {
    parseLine(data.subarray(from, nl));
    from = nl + 1;
  }
  rest = Buffer.from(data.subarray(from));
}
if (rest.length) parseLine(rest);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(JSON.stringify({ file, bytes: statSync(file).size, ms, records, peakRssMB: process.resourceUsage().maxRSS / 1024 }));
