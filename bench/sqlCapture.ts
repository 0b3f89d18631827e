/**
 * A pass-through TCP proxy in front of PostgreSQL that notes the SQL a client sends while
 * `capture` is on, with the bound parameters written in as literals. The bench uses it to learn
 * exactly which statements one API call runs, so pgbench can run the very same ones.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export interface SqlCapture {
  /** The same database URL, pointing at the proxy instead of the server behind it. */
  through(url: string): string;
  /** Statements seen since the last `start()`, in order. */
  start(): void;
  stop(): string[];
  close(): Promise<void>;
}

function cstring(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

/** Writes bound values into the statement, so pgbench can run it as plain SQL. */
const bind = (sql: string, values: (string | null)[]) =>
  sql.replace(/\$(\d+)/g, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined ? whole : literal(value);
  });

function watch(record: (sql: string) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  const statements = new Map<string, string>();
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        // An SSL or GSS request is answered 'N' and followed by the real startup message.
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) started = true;
        continue;
      }
      if (pending.length < 5) return;
      const type = String.fromCharCode(pending[0]!);
      const length = pending.readInt32BE(1);
      if (pending.length < length + 1) return;
      const body = pending.subarray(5, length + 1);
      pending = pending.subarray(length + 1);
      if (type === 'Q') record(cstring(body, 0)[0]);
      else if (type === 'P') {
        const [name, next] = cstring(body, 0);
        statements.set(name, cstring(body, next)[0]);
      } else if (type === 'B') {
        let [, offset] = cstring(body, 0);
        const [statement, afterName] = cstring(body, offset);
        offset = afterName;
        const formats = body.readInt16BE(offset);
        offset += 2 + 2 * formats;
        const count = body.readInt16BE(offset);
        offset += 2;
        const values: (string | null)[] = [];
        for (let i = 0; i < count; i++) {
          const size = body.readInt32BE(offset);
          offset += 4;
          values.push(size < 0 ? null : body.toString('utf8', offset, offset + size));
          offset += Math.max(size, 0);
        }
        record(bind(statements.get(statement) ?? '', values));
      }
    }
  };
}

export async function startSqlCapture(target: string): Promise<SqlCapture> {
  const upstream = new URL(target);
  let capturing = false;
  let seen: string[] = [];
  const record = (sql: string) => {
    if (capturing && sql.trim()) seen.push(sql.replace(/\s+/g, ' ').trim());
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const backend = connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(backend);
    const inspect = watch(record);
    client.on('data', (chunk: Buffer) => {
      inspect(chunk);
      backend.write(chunk);
    });
    backend.pipe(client);
    const end = () => {
      client.destroy();
      backend.destroy();
    };
    client.on('error', end).on('close', end);
    backend.on('error', end).on('close', end);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    through(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    start() {
      seen = [];
      capturing = true;
    },
    stop() {
      capturing = false;
      return seen;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
