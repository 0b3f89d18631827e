/**
 * `npm run dev`: the API on :3000 restarting on change, and Vite's dev server (which proxies /api and
 * /storage to it), side by side with prefixed output. When either stops, or on Ctrl+C, both stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Service {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  colour: number;
}

const services: Service[] = [
  {
    label: 'api',
    command: bin('tsx'),
    // Clearing the screen on restart would also wipe Vite's output.
    args: ['watch', '--clear-screen=false', 'server/main.ts'],
    env: { PORT: '3000' },
    colour: 36,
  },
  { label: 'web', command: bin('vite'), args: [], colour: 35 },
];

const useColour = process.stdout.isTTY;
const children: ChildProcess[] = [];
let stopping = false;

function start(service: Service): ChildProcess {
  const prefix = useColour ? `\x1b[${service.colour}m[${service.label}]\x1b[0m ` : `[${service.label}] `;
  const child = spawn(service.command, service.args, {
    cwd: root,
    // Piped output looks like no terminal to the children; keep their colours when there is one.
    env: { ...process.env, ...service.env, ...(useColour ? { FORCE_COLOR: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops what it started (tsx watch runs the server as a child).
    detached: true,
  });
  const forward = (line: string, to: NodeJS.WriteStream) => to.write(`${prefix}${line}\n`);
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (line) => forward(line, process.stdout));
  if (child.stderr)
    createInterface({ input: child.stderr }).on('line', (line) => forward(line, process.stderr));
  child.once('error', (error) => {
    console.error(`${prefix}could not start: ${error.message}`);
    stopAll(1);
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix}stopped (${signal ?? `code ${code}`}); stopping the others`);
    stopAll(code ?? 1);
  });
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) signalGroup(child, 'SIGTERM');
  // Whatever ignores SIGTERM for 5 s is killed; unref keeps the timer from holding the process open.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, 5_000).unref();
}

for (const service of services) children.push(start(service));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
// A parent that dies without signalling (a closed terminal) must not leave the servers running.
process.once('exit', () => {
  for (const child of children) signalGroup(child, 'SIGKILL');
});
