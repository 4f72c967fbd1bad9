// One autocannon run in its own process (so the load generator does not share the server's event loop).
// stdin: JSON { url, method, headers, body, bodies, connections, duration } (stdin, not an argument: thousands of
// bodies exceed what one argument may hold); prints autocannon's result as JSON.
// `bodies` (a list) is cycled through, one per request: e.g. a different record to submit each time.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const o = JSON.parse(input);
let i = 0;
const result = await autocannon({
  url: o.url,
  method: o.method ?? 'GET',
  headers: o.headers ?? {},
  body: o.body,
  connections: o.connections ?? 50,
  duration: o.duration ?? 15,
  ...(o.bodies ? { requests: [{ setupRequest: (req) => ({ ...req, body: o.bodies[i++ % o.bodies.length] }) }] } : {}),
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }),
);
