/**
 * `npx tsx bench/traceKeystroke.ts [blocks] [open|closed]`: a Chrome trace of typing in a block field of
 * a long page, summed per trace event on the page's main thread, with each keystroke's Event Timing
 * figures (processingStart→processingEnd, duration) and keydown→next frame painted.
 */
import { typingOnLongPage } from './longPage';

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * Wraps the calls that read layout or style to count them by name. A string: the runner that loads
 * this file would wrap named functions in a helper the page does not have.
 */
const COUNT_READS = `(() => {
  const reads = {};
  window.__reads = reads;
  const wrap = (owner, name) => {
    const own = Object.getOwnPropertyDescriptor(owner, name);
    if (!own) return;
    const label = owner.constructor.name + '.' + name;
    if (typeof own.value === 'function') {
      const original = own.value;
      Object.defineProperty(owner, name, { ...own, value: function (...args) {
        reads[label] = (reads[label] ?? 0) + 1;
        return original.apply(this, args);
      } });
    } else if (own.get) {
      const get = own.get;
      Object.defineProperty(owner, name, { ...own, get: function () {
        reads[label] = (reads[label] ?? 0) + 1;
        return get.call(this);
      } });
    }
  };
  for (const name of ['getBoundingClientRect', 'getClientRects', 'scrollIntoView', 'focus', 'scrollTop',
    'scrollHeight', 'clientHeight', 'clientWidth']) wrap(Element.prototype, name);
  for (const name of ['offsetHeight', 'offsetWidth', 'offsetTop', 'offsetParent', 'isContentEditable', 'innerText'])
    wrap(HTMLElement.prototype, name);
  for (const name of ['selectionStart', 'selectionEnd', 'value']) wrap(HTMLInputElement.prototype, name);
  wrap(window, 'getComputedStyle');
})()`;

const count = Number(process.argv[2] ?? 1000);
const open = (process.argv[3] ?? 'open') === 'open';
const { page, context, close } = await typingOnLongPage(count, open);
try {
  // KEYSTROKE_READS=1 counts the calls that read layout or style (slowing them: its times are not
  // to be compared with a run without).
  const countReads = process.env.KEYSTROKE_READS === '1';
  if (countReads) await page.evaluate(COUNT_READS);
  await page.evaluate(() => {
    const w = window as unknown as { __et: unknown[]; __kp: number[] };
    w.__et = [];
    w.__kp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.name === 'keydown' || e.name === 'keyup' || e.name === 'keypress' || e.name === 'input')
          w.__et.push({
            name: e.name,
            id: e.interactionId,
            dur: e.duration,
            proc: e.processingEnd - e.processingStart,
            delay: e.processingStart - e.startTime,
            start: e.startTime,
          });
    }).observe({ type: 'event', durationThreshold: 0, buffered: false } as PerformanceObserverInit);
    document.addEventListener(
      'keydown',
      (event) => {
        const at = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.__kp.push(performance.now() - at), 0));
      },
      { capture: true },
    );
  });
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    events.push(...(value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,blink,v8.execute,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const text = 'Springoffersonnearlynewhatchbacksateverybranch'.slice(0, 40);
  for (const key of text) await page.keyboard.press(key);
  await page.waitForTimeout(500);
  await cdp.send('Tracing.end');
  await done;
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const main = events.filter((e) => threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.ph === 'X');
  const byName = new Map<string, { ms: number; cpu: number; n: number }>();
  for (const e of main) {
    // Events dispatched are told apart by their type (keypress, input, pointermove...).
    const name = e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type ?? ''}` : e.name;
    const s = byName.get(name) ?? { ms: 0, cpu: 0, n: 0 };
    s.ms += (e.dur ?? 0) / 1000;
    s.cpu += (e.tdur ?? 0) / 1000;
    s.n++;
    byName.set(name, s);
  }
  console.log(
    `${count} blocks, preview ${open ? 'open' : 'closed'}, ${text.length} keys; main thread events (ms total / per key, count):`,
  );
  for (const [name, s] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30))
    console.log(
      `${s.ms.toFixed(1).padStart(8)} ${(s.ms / text.length).toFixed(2).padStart(7)} cpu/key ${(s.cpu / text.length).toFixed(2).padStart(6)}  ${String(s.n).padStart(5)}  ${name}`,
    );
  const { et, kp } = await page.evaluate(() => {
    const w = window as unknown as {
      __et: { name: string; proc: number; dur: number; delay: number }[];
      __kp: number[];
    };
    return { et: w.__et, kp: w.__kp };
  });
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)] ?? 0;
  };
  for (const name of ['keydown', 'keypress', 'input', 'keyup']) {
    const own = et.filter((e) => e.name === name);
    if (own.length)
      console.log(
        `${name.padEnd(8)} n=${own.length} processing median ${q(
          own.map((e) => e.proc),
          0.5,
        ).toFixed(1)} p95 ${q(
          own.map((e) => e.proc),
          0.95,
        ).toFixed(1)}; duration median ${q(
          own.map((e) => e.dur),
          0.5,
        )} p95 ${q(
          own.map((e) => e.dur),
          0.95,
        )}`,
      );
  }
  if (countReads) {
    const reads = await page.evaluate(
      () => (window as unknown as { __reads: Record<string, number> }).__reads,
    );
    console.log(
      `layout and style reads per key: ${Object.entries(reads)
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${(n / text.length).toFixed(1)}`)
        .join(', ')}`,
    );
  }
  console.log(`keydown→rAF+task median ${q(kp, 0.5).toFixed(1)} p95 ${q(kp, 0.95).toFixed(1)} ms`);
} finally {
  await close();
}
