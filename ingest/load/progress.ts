/**
 * Progress for long runs: a redrawn bar with rows/s and ETA on a terminal, a log line every
 * few seconds otherwise (CI logs, pipes), nothing at all in tests.
 */
export interface Progress {
  /** A new phase: `total` units if known (bytes while reading, establishments while applying). */
  phase(name: string, total: number | null, unit: string): void;
  /** `done` units of the phase so far; `rows` is the running row count shown as a rate. */
  update(done: number, rows?: number): void;
  finish(): void;
}

export const silentProgress: Progress = { phase() {}, update() {}, finish() {} };

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function consoleProgress(stream: NodeJS.WriteStream = process.stderr, intervalMs = 5000): Progress {
  const tty = Boolean(stream.isTTY);
  let name = '';
  let total: number | null = null;
  let unit = '';
  let started = Date.now();
  let lastDraw = 0;
  let done = 0;
  let rows = 0;

  const line = () => {
    const elapsed = (Date.now() - started) / 1000;
    const rate = elapsed > 0 ? Math.round((rows || done) / elapsed) : 0;
    const rateUnit = rows ? 'rows' : unit;
    if (total && total > 0) {
      const fraction = Math.min(1, done / total);
      const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : Infinity;
      const width = 30;
      const bar = '#'.repeat(Math.round(fraction * width)).padEnd(width, '.');
      return `${name.padEnd(9)} [${bar}] ${(fraction * 100).toFixed(1).padStart(5)}%  ${rate} ${rateUnit}/s  ETA ${formatDuration(eta)}`;
    }
    return `${name.padEnd(9)} ${done} ${unit}  ${rate} ${rateUnit}/s  ${formatDuration(elapsed)} elapsed`;
  };
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - lastDraw < (tty ? 200 : intervalMs)) return;
    lastDraw = now;
    if (tty) stream.write(`\r${line()}\x1b[K`);
    else stream.write(`${new Date().toISOString()} ${line()}\n`);
  };
  return {
    phase(next, nextTotal, nextUnit) {
      if (name) draw(true);
      if (name && tty) stream.write('\n');
      name = next;
      total = nextTotal;
      unit = nextUnit;
      started = Date.now();
      lastDraw = started;
      done = 0;
      rows = 0;
    },
    update(nextDone, nextRows) {
      done = nextDone;
      if (nextRows !== undefined) rows = nextRows;
      draw();
    },
    finish() {
      if (!name) return;
      draw(true);
      if (tty) stream.write('\n');
      name = '';
    },
  };
}
