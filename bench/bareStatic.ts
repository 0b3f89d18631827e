/**
 * The floor for serving a page on this machine: a bare node:http server that answers every request
 * with the same bytes and headers from memory (a 304 when If-None-Match names its ETag), with no
 * framework, routing or database. Run as its own process, like the real server.
 *
 *   node --import tsx bench/bareStatic.ts <answer.json>
 * where the file holds `{ headers, notModified, body }` (the 200's and the 304's headers as the real
 * server sent them, the body in base64); prints `Listening on <port>`.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

const [answerFile] = process.argv.slice(2);
if (!answerFile) throw new Error('usage: bareStatic.ts <answer.json>');
const answer = JSON.parse(await readFile(answerFile, 'utf8')) as {
  headers: Record<string, string>;
  notModified: Record<string, string>;
  body: string;
};
const body = Buffer.from(answer.body, 'base64');
const headers: Record<string, string> = { ...answer.headers, 'content-length': String(body.length) };
const etag = answer.headers.etag;

const server = createServer((request, response) => {
  if (etag && request.headers['if-none-match'] === etag) {
    response.writeHead(304, answer.notModified).end();
    return;
  }
  response.writeHead(200, headers).end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
