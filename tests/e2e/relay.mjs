// A signalling relay for the friends' table tests and bench: npm bittorrent-tracker's WebSocket
// server (the kind of public relay the site uses) on 127.0.0.1, on a port the system picks,
// printed as "relay ws://127.0.0.1:PORT" once it listens. It stops with its parent's stdin.
import Server from "bittorrent-tracker/server"; // not the package root: that loads node-datachannel

const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false });
server.on("error", (err) => console.error(`relay: ${err.message}`));
server.on("warning", () => {});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.ws.address();
  console.log(`relay ws://127.0.0.1:${port}`);
});
process.stdin.on("end", () => server.close(() => process.exit(0)));
process.stdin.resume();
