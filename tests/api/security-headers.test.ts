import { SECURITY_HEADERS } from '@server/http/securityHeaders';
import { describe, expect, it } from 'vitest';
import { databaseKind, serverForFile } from './harness';

const file = serverForFile();

describe(`Every answer's security headers (${databaseKind})`, () => {
  it('come with a list, a refusal, a missing call, a bad input, the site and a refused stored file', async () => {
    const { server, token } = file;
    const answers = {
      list: await server.call('GET', '/api/users', { token }),
      unsigned: await server.call('GET', '/api/users'),
      missing: await server.call('GET', '/api/no-such-call', { token }),
      invalid: await server.call('POST', '/api/brands/create', { token, body: { name: '' } }),
      site: await server.call('GET', '/api/site/brands'),
      stored: await server.call('GET', '/storage/not-a-stored-name.txt'),
    };
    expect(Object.values(answers).map((a) => a.statusCode)).toEqual([200, 401, 404, 422, 200, 404]);
    for (const [what, answer] of Object.entries(answers)) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(answer.headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
      }
    }
  });
});
