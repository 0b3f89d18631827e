import { randomUUID } from 'node:crypto';
import type { PresentPerson } from '@/api/contract/presence';
import type { Notices } from '../../db/notices';

/** The channel the API processes on one database tell each other who has what open. */
export const PRESENCE_CHANNEL = 'console_presence';

/** One open connection: someone with a record open in one tab. */
interface Visit {
  conn: string;
  record: string;
  userId: number;
  name: string;
  since: number;
  /** Whether the user's role may change the record. */
  editing: boolean;
}

type Message =
  | { p: string; t: 'join'; v: Visit }
  | { p: string; t: 'leave'; conn: string }
  /** A process that has just started listening asks the others who they have. */
  | { p: string; t: 'hello' }
  | { p: string; t: 'alive' }
  | { p: string; t: 'bye' };

export interface PresenceOptions {
  /** How often a process says it is still there. */
  heartbeatMs?: number;
  /** After how long without a word another process's visits are forgotten (it died). */
  expireMs?: number;
}

/** Told everyone on the record, and in how many tabs the watcher's own user has it open. */
type Watcher = (people: PresentPerson[], ownTabs: number) => void;

/** A watcher's user, and what it was last told (so that it is told only of a change). */
interface Watching {
  userId: number;
  told: string;
}

/**
 * Who has which record open, across every API process on the database. Each process keeps its own
 * connections and hears the others' comings and goings as notices; a process that starts asks the
 * others for theirs, and one that stops saying it is alive is forgotten. A watcher of a record is
 * told the people on it at once and again whenever that set changes.
 */
export class PresenceHub {
  readonly processId = randomUUID();
  private readonly local = new Map<string, Visit>();
  private readonly remote = new Map<string, { heard: number; visits: Map<string, Visit> }>();
  private readonly watchers = new Map<string, Map<Watcher, Watching>>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  private readonly heartbeatMs: number;
  private readonly expireMs: number;

  constructor(
    private readonly notices: Notices,
    options: PresenceOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.expireMs = options.expireMs ?? 35_000;
  }

  async start(): Promise<void> {
    this.stopListening = await this.notices.listen(
      PRESENCE_CHANNEL,
      (payload) => this.hear(payload),
      () => void this.send({ p: this.processId, t: 'hello' }),
    );
    await this.send({ p: this.processId, t: 'hello' });
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopListening?.();
    this.stopListening = null;
    await this.send({ p: this.processId, t: 'bye' }).catch(() => {});
    this.local.clear();
    this.watchers.clear();
  }

  /** Someone opened the record: counted until `leave` is called. */
  join(record: string, user: { id: number; name: string; editing: boolean }): () => void {
    const visit: Visit = {
      conn: randomUUID(),
      record,
      userId: user.id,
      name: user.name,
      since: Date.now(),
      editing: user.editing,
    };
    this.local.set(visit.conn, visit);
    this.changed(record);
    void this.send({ p: this.processId, t: 'join', v: visit }).catch(() => {});
    return () => {
      if (!this.local.delete(visit.conn)) return;
      this.changed(record);
      void this.send({ p: this.processId, t: 'leave', conn: visit.conn }).catch(() => {});
    };
  }

  /**
   * Calls `watcher` with the record's people now and after every change, and with how many tabs
   * `userId` has it open in: a second tab of someone already there is news to that someone alone.
   * Answers how to stop.
   */
  watch(record: string, userId: number, watcher: Watcher): () => void {
    let forRecord = this.watchers.get(record);
    if (!forRecord) {
      forRecord = new Map();
      this.watchers.set(record, forRecord);
    }
    const people = this.people(record);
    const ownTabs = this.tabs(record).get(userId) ?? 0;
    forRecord.set(watcher, { userId, told: told(people, ownTabs) });
    watcher(people, ownTabs);
    return () => {
      const left = this.watchers.get(record);
      left?.delete(watcher);
      if (left?.size === 0) this.watchers.delete(record);
    };
  }

  /** Everyone with the record open, once each, earliest first. */
  people(record: string): PresentPerson[] {
    const byUser = new Map<number, { id: number; name: string; since: number; editing: boolean }>();
    const add = (visit: Visit) => {
      if (visit.record !== record) return;
      const known = byUser.get(visit.userId);
      // A visit from a process that predates `editing` counts as editing, as every visit did then.
      const editing = visit.editing !== false;
      if (!known || visit.since < known.since)
        byUser.set(visit.userId, { id: visit.userId, name: visit.name, since: visit.since, editing });
    };
    for (const visit of this.local.values()) add(visit);
    for (const { visits } of this.remote.values()) for (const visit of visits.values()) add(visit);
    return [...byUser.values()]
      .sort((a, b) => a.since - b.since || a.id - b.id)
      .map((p) => ({ id: p.id, name: p.name, since: new Date(p.since).toISOString(), editing: p.editing }));
  }

  /** How many tabs each user has the record open in (their connections, on every process). */
  private tabs(record: string): Map<number, number> {
    const tabs = new Map<number, number>();
    const count = (visit: Visit) => {
      if (visit.record === record) tabs.set(visit.userId, (tabs.get(visit.userId) ?? 0) + 1);
    };
    for (const visit of this.local.values()) count(visit);
    for (const { visits } of this.remote.values()) for (const visit of visits.values()) count(visit);
    return tabs;
  }

  private changed(record: string): void {
    const forRecord = this.watchers.get(record);
    if (!forRecord) return;
    const people = this.people(record);
    const tabs = this.tabs(record);
    for (const [watcher, watching] of forRecord) {
      const ownTabs = tabs.get(watching.userId) ?? 0;
      const now = told(people, ownTabs);
      if (watching.told === now) continue;
      watching.told = now;
      watcher(people, ownTabs);
    }
  }

  private send(message: Message): Promise<void> {
    return this.notices.publish(PRESENCE_CHANNEL, JSON.stringify(message));
  }

  private hear(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.p === this.processId) return;
    const from = this.remote.get(message.p) ?? { heard: 0, visits: new Map<string, Visit>() };
    from.heard = Date.now();
    this.remote.set(message.p, from);
    switch (message.t) {
      case 'join':
        from.visits.set(message.v.conn, message.v);
        this.changed(message.v.record);
        break;
      case 'leave': {
        const visit = from.visits.get(message.conn);
        if (!visit) break;
        from.visits.delete(message.conn);
        this.changed(visit.record);
        break;
      }
      case 'hello':
        // The newcomer learns who is here from each process.
        for (const visit of this.local.values())
          void this.send({ p: this.processId, t: 'join', v: visit }).catch(() => {});
        break;
      case 'bye':
        this.forget(message.p);
        break;
      default:
        break;
    }
  }

  private forget(processId: string): void {
    const gone = this.remote.get(processId);
    if (!gone) return;
    this.remote.delete(processId);
    for (const record of new Set([...gone.visits.values()].map((v) => v.record))) this.changed(record);
  }

  private beat(): void {
    void this.send({ p: this.processId, t: 'alive' }).catch(() => {});
    const now = Date.now();
    for (const [id, from] of this.remote) if (now - from.heard > this.expireMs) this.forget(id);
  }
}

/** What a watcher is told, as one string: people and their own tabs alike compare as one. */
const told = (people: readonly PresentPerson[], ownTabs: number) =>
  `${people.map((p) => `${p.id}:${p.editing ? 'e' : 'r'}:${p.name}`).join('|')}#${ownTabs}`;
