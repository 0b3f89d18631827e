import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildIsCurrent, sourceFingerprint } from '../../scripts/buildStamp';
import { portOfListeningLine } from '../../server/listening';
import { chromiumArgs, chromiumPath, hasChromium } from './browser';
import { startMailbox } from './mailbox';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the console and API answer, one server for each browser-test worker (read through
     * `baseURL()` in server.ts); empty when Chromium is missing and no server was started.
     */
    baseURLs: string[];
    adminEmail: string;
    adminPassword: string;
    /** The server's Stripe webhook signing secret, so tests can deliver signed events. */
    stripeWebhookSecret: string;
    /** The run's one Chromium, which every test file connects to; '' when Chromium is missing. */
    browserEndpoint: string;
  }
}

const adminEmail = 'admin@example.com';
const adminPassword = 'Showroom-Test-Password-42!';
const stripeWebhookSecret = 'whsec_e2e_7c1d9a3f5b2e4c6a8d0f1b3e5a7c9d2f';
// A start on two cores that other work keeps busy has taken over three minutes.
const startTimeoutMs = 300_000;
const stopTimeoutMs = 10_000;
/** Enough of the server's output to explain a failure without holding a whole run in memory. */
const logLimit = 200_000;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('stripeWebhookSecret', stripeWebhookSecret);
  if (!hasChromium) {
    project.provide('baseURLs', []);
    project.provide('browserEndpoint', '');
    return;
  }

  const root = project.config.root;
  // A build of other sources (a checkout moved on since) would test the wrong console: build again.
  if (!(await buildIsCurrent(join(root, 'dist'), await sourceFingerprint(root)))) await buildConsole(root);

  const mailbox = await startMailbox();
  // One server for each worker, each on a database of its own: the files one worker runs, one after
  // another, see the data of no file beside them (decision 017, the last two sections).
  const workers = Math.max(1, project.config.maxWorkers);
  let browser: BrowserServer | undefined;
  const servers: ConsoleServer[] = [];
  try {
    // The browser starts while the servers do: each takes a while, and none needs another. All are
    // waited for, so that a failed start of one never leaves another running.
    const [started, launched] = await Promise.all([
      Promise.allSettled(Array.from({ length: workers }, () => startConsole(root, mailbox.url))),
      Promise.allSettled([chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs })]),
    ]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    if (launched[0]?.status === 'fulfilled') browser = launched[0].value;
    for (const result of [...started, ...launched]) if (result.status === 'rejected') throw result.reason;
    project.provide(
      'baseURLs',
      servers.map((server) => server.baseURL),
    );
    project.provide('browserEndpoint', browser!.wsEndpoint());
  } catch (error) {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await mailbox.close();
    throw error;
  }

  return async () => {
    await browser?.close();
    const crashed = (await Promise.all(servers.map((server) => server.stop()))).filter(Boolean);
    await mailbox.close();
    // A server that was already gone crashed mid-run: its output explains the failed tests.
    for (const log of crashed)
      console.error(`A console server stopped during the browser tests. Its output:\n${log}`);
  };
}

interface ConsoleServer {
  baseURL: string;
  /** Stops the server and removes its data; resolves to its output if it had stopped by itself. */
  stop(): Promise<string | null>;
}

/** Starts the console as production does, on a fresh embedded database and data directory. */
async function startConsole(root: string, smtpUrl: string): Promise<ConsoleServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'console-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The system picks the port as the server binds it: a port picked beforehand can be taken by
    // another process's connection (the API tests beside this run open many) before the server binds it.
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    // The webhook test's receiver listens on this machine.
    WEBHOOKS_ALLOW_PRIVATE: '1',
    // Mail goes to a real SMTP server, which refuses a flaky CRM's first attempts; one retry, so a
    // failed lead shows within seconds.
    SMTP_URL: smtpUrl,
    MAIL_RETRIES: '1',
  };
  // The browser tests always run on a fresh embedded database, whatever the surrounding shell points at.
  delete env.DATABASE_URL;

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = captureOutput(server);
  const stopAndRemove = async () => {
    const crashed = server.exitCode !== null || server.signalCode !== null;
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    return crashed ? log.text() : null;
  };
  try {
    return { baseURL: await waitForListening(server, log), stop: stopAndRemove };
  } catch (error) {
    await stopAndRemove();
    throw error;
  }
}

interface OutputLog {
  text(): string;
  onLine(listener: (line: string) => void): void;
}

function captureOutput(child: ChildProcess): OutputLog {
  let text = '';
  const listeners: Array<(line: string) => void> = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    // Reading to the end also keeps the server from blocking on a full pipe.
    createInterface({ input: stream }).on('line', (line) => {
      // The log ends up in error messages, where colour codes are noise.
      text = `${text}${stripVTControlCharacters(line)}\n`.slice(-logLimit);
      for (const listener of listeners) listener(line);
    });
  }
  return { text: () => text, onLine: (listener) => listeners.push(listener) };
}

function waitForListening(server: ChildProcess, log: OutputLog): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      server.off('exit', onExit);
      reject(new Error(`The console server ${reason}. Its output:\n${log.text() || '(nothing)'}`));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited before it was ready (${signal ?? `code ${code}`})`);
    const timer = setTimeout(
      () => fail(`did not print "Listening on" within ${startTimeoutMs / 1000} s`),
      startTimeoutMs,
    );
    server.once('exit', onExit);
    server.once('error', (error) => fail(`could not be started: ${error.message}`));
    log.onLine((line) => {
      const port = portOfListeningLine(line);
      if (port === null) return;
      clearTimeout(timer);
      server.off('exit', onExit);
      resolve(`http://localhost:${port}`);
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}

/** `npm test` builds the console before the browser tests; this covers `npm run test:e2e` on a fresh or changed checkout. */
function buildConsole(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(join(root, 'node_modules', '.bin', 'vite'), ['build'], {
      cwd: root,
      // Vitest sets NODE_ENV=test, which would build React's development bundle (its strict
      // mode runs every effect twice); the tests drive the console as it ships.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = captureOutput(build);
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (code ${code}):\n${log.text()}`)),
    );
  });
}
