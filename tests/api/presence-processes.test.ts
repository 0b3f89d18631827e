import { pages } from '@server/db/schema/pages';
import { users } from '@server/db/schema/users';
import { hashPassword } from '@server/domain/auth/passwords';
import { describe, expect, it } from 'vitest';
import { GROUP_ADMINISTRATOR } from '@/shared/access';
import { roleNamed } from '../../server/domain/access/roleNamed';
import { names, openPresence } from './presence-stream';
import { processFixture, signInTo } from './process-calls';

let pageId = 0;

// PGlite belongs to one process; only a shared PostgreSQL server has several API processes on one database.
describe.skipIf(!process.env.DATABASE_URL)('presence across two API processes on one database', () => {
  const { servers } = processFixture(
    'presence',
    async (db) => {
      const [row] = await db
        .insert(pages)
        .values({ name: 'Finance offers', slug: 'finance-offers', sortOrder: 1 })
        .returning({ id: pages.id });
      pageId = row!.id;
      await db.insert(users).values({
        name: 'Robin Editor',
        email: 'robin@example.com',
        passwordHash: await hashPassword('robin password 1'),
        roleId: roleNamed(GROUP_ADMINISTRATOR),
      });
    },
    { JWT_SECRET: 'presence-processes-test-secret-of-some-length' },
  );

  // Two servers start in their own processes: on a busy machine that alone has taken over 30 s.
  it('tells a watcher on one process, within a second, who arrives and leaves on the other', async () => {
    const first = await servers.start();
    const second = await servers.start();
    const token = await signInTo(first);
    const record = `pages:${pageId}`;

    const here = await openPresence(first.baseURL, { record, token });
    expect(here.status).toBe(200);
    await here.next((e) => e.people.length === 1);

    // The same admin in another browser, served by the other process: still one person.
    const there = await openPresence(second.baseURL, { record, token });
    expect(there.status).toBe(200);
    expect(names(await there.next((e) => e.people.length === 1))).toEqual(['Site Administrator']);

    // Someone else arrives on the second process.
    const login = await fetch(`${second.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'robin@example.com', password: 'robin password 1' }),
    });
    const robin = ((await login.json()) as { access_token: string }).access_token;
    const started = Date.now();
    const robins = await openPresence(second.baseURL, { record }, { authorization: `Bearer ${robin}` });
    expect(names(await here.next((e) => e.people.length === 2, 1000))).toEqual([
      'Site Administrator',
      'Robin Editor',
    ]);
    expect(Date.now() - started).toBeLessThan(1000);

    // A process started later learns who is already there from the others.
    const third = await servers.start();
    const late = await openPresence(third.baseURL, { record, token });
    expect(names(await late.next((e) => e.people.length === 2, 2000))).toEqual([
      'Site Administrator',
      'Robin Editor',
    ]);

    const count = here.events.length;
    robins.close();
    await here.next((e) => e.people.length === 1 && here.events.indexOf(e) >= count, 1000);
    await late.next((e) => e.people.length === 1, 1000);

    // A process that stops takes its visitors with it.
    const alone = here.events.length;
    const robinAgain = await openPresence(third.baseURL, { record, token: robin });
    await here.next((e) => e.people.length === 2 && here.events.indexOf(e) >= alone, 1000);
    await servers.stop(third);
    await here.next((e) => e.people.length === 1 && here.events.indexOf(e) > alone, 2000);
    robinAgain.close();
    late.close();
    there.close();
    here.close();
  }, 120_000);
});
