// A signalling relay for the friends' table tests and bench: npm bittorrent-tracker's WebSocket
// server (the kind of public relay the site uses) on 127.0.0.1, on a port the system picks,
// printed as "relay ws://127.0.0.1:PORT" once it listens. It stops with its parent's stdin.
// With RELAY_HOST, RELAY_PORT, RELAY_CERT and RELAY_KEY (the simulated internet,
// simulated_internet.py) it listens there over TLS instead: "relay wss://HOST:PORT".
import { readFileSync } from "node:fs";
import https from "node:https";
import Server from "bittorrent-tracker/server"; // not the package root: that loads node-datachannel

const host = process.env.RELAY_HOST || "127.0.0.1";
const port = Number(process.env.RELAY_PORT || 0);
const tls = process.env.RELAY_CERT
  ? https.createServer({ cert: readFileSync(process.env.RELAY_CERT), key: readFileSync(process.env.RELAY_KEY) })
  : null;
const server = new Server({ udp: false, http: false, ws: tls ? { server: tls } : true, stats: false, trustProxy: false });
server.on("error", (err) => console.error(`relay: ${err.message}`));
server.on("warning", () => {});
if (tls) {
  tls.listen(port, host, () => console.log(`relay wss://${host}:${tls.address().port}`));
} else {
  server.listen(port, host, () => {
    const { port: bound } = server.ws.address();
    console.log(`relay ws://${host}:${bound}`);
  });
}
process.stdin.on("end", () => {
  if (tls) tls.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});
process.stdin.resume();
