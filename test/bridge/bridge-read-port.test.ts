/**
 * The whole-read port (svc_bridge/read_server.py) from outside: a request without the token is
 * answered 401 before its body is read, and connections that send nothing are dropped after the
 * idle limit, so they cannot hold the port's connection slots. The limit is made small here
 * (SVC_BRIDGE_READ_IDLE_SECONDS) and the test waits for the closes themselves, not for a time.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, envelopeOf, firstResponse, startHost, type SimHost } from "./sim-host.js";

const TOKEN = "read-port-token";
const AUTH = { authorization: `Bearer ${TOKEN}` };
let host: SimHost;
let port: number;

beforeAll(async () => {
  host = await startHost({ env: { SVC_BRIDGE_TOKEN: TOKEN, SVC_BRIDGE_READ_IDLE_SECONDS: "0.5" } });
  const info = await call(host, "GET", "/api/info", { headers: AUTH });
  port = info.body.data.whole_read.port;
  expect(port).toBeGreaterThan(0);
});

afterAll(async () => host?.stop());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));

function head(extra: string, length: number) {
  return (
    `POST /api/network/${enc("/project1")}/state HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`
  );
}

describe("the whole-read port", () => {
  it("answers 401 before reading a body, and closes the connection", async () => {
    const socket = await open();
    // the head announces 8 MiB that never come: a server reading the body first would wait, then drop us unanswered
    socket.write(head("", 8 * 1024 * 1024));
    const reply = envelopeOf(await firstResponse(socket));
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe("unauthorized");
    await closed(socket);
  });

  it("drops connections that send nothing, so idle sockets never hold every slot", async () => {
    const idle = await Promise.all(Array.from({ length: 8 }, () => open()));
    await Promise.all(idle.map(closed)); // each closed by the server: the test only waits for it
    const socket = await open();
    const body = JSON.stringify({});
    socket.write(head(`Authorization: Bearer ${TOKEN}\r\n`, Buffer.byteLength(body)) + body);
    const reply = envelopeOf(await firstResponse(socket));
    socket.destroy();
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.ok).toBe(true);
  });

  it("drops a connection that stops in the middle of its body", async () => {
    const socket = await open();
    socket.write(head(`Authorization: Bearer ${TOKEN}\r\n`, 100) + "{");
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
    await closed(socket);
    expect(answer).toBe("");
  });
});
