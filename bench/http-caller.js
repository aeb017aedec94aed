// The bench's HTTP client in a thread of its own (bench/search-endpoint.ts `httpCallerThread`): one JSON POST at a
// time over a kept-alive node:http connection, timed here, so that a server running in the bench's main thread (the
// embedded engine takes one process) does not also pay for its client's work. Plain JavaScript: a worker inherits
// neither the Babel register hook nor TypeScript.
const http = require('node:http');
const { Buffer } = require('node:buffer');
const { parentPort } = require('node:worker_threads');

const agents = new Map();

parentPort.on('message', ({ id, base, path, body, headers }) => {
  const u = new URL(base);
  let agent = agents.get(u.origin);
  if (!agent) agents.set(u.origin, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  const payload = JSON.stringify(body);
  const t0 = process.hrtime.bigint();
  const req = http.request(
    { host: u.hostname, port: u.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
    (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        parentPort.postMessage({ id, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms });
      });
      res.on('error', (err) => parentPort.postMessage({ id, error: err.message }));
    },
  );
  req.on('error', (err) => parentPort.postMessage({ id, error: err.message }));
  req.end(payload);
});
