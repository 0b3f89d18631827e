/**
 * The floor for any Node.js API on this machine: a bare node:http server that runs the given
 * statements through node-postgres (named prepared statements, a pool of 10) and answers their rows
 * as JSON, with no framework, sign-in check, validation or mapping. Run as its own process, like the
 * real server, so the load generator does not share its thread.
 *
 *   node --import tsx bench/bareRoute.ts <database-url> <statements.json> [arrays|named]
 * prints `Listening on <port>`. Rows are arrays of their values, or with `named` objects of their
 * columns, as node-postgres gives them.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import pg from 'pg';

const [databaseUrl, statementsFile, rows = 'arrays'] = process.argv.slice(2);
if (!databaseUrl || !statementsFile) throw new Error('usage: bareRoute.ts <database-url> <statements.json>');
const statements = JSON.parse(await readFile(statementsFile, 'utf8')) as string[];
const named = rows === 'named';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const server = createServer((_request, response) => {
  void (async () => {
    try {
      const answers: unknown[] = [];
      for (const [index, text] of statements.entries()) {
        const name = `bare_${index}`;
        const result = named
          ? await pool.query({ name, text })
          : await pool.query({ name, text, rowMode: 'array' });
        answers.push(result.rows);
      }
      const body = JSON.stringify(answers);
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  })();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
