import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CpuMeter } from './cpu';
import { httpLoad } from './load';
import { arrivalSchedule, openLoopLoad } from './open-loop';

/**
 * The bench's own instruments (jest's roots leave bench/ out; run with
 * `npx jest --roots '<rootDir>/bench' bench/open-loop.test.ts`).
 */

describe('open-loop load', () => {
  let server: http.Server;
  let url: string;
  let stall: { from: number; until: number } | null = null;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const now = Date.now();
      const wait = stall && now >= stall.from && now < stall.until ? stall.until - now : 0;
      setTimeout(() => res.end('{}'), wait);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends on schedule whatever the answers, and a stall shows in every request scheduled during it', async () => {
    // The server answers nothing for 400 ms from 500 ms into the run: the ~40 requests due in
    // that window all wait. A closed loop would have sent just one per connection and shown
    // one slow request; here the queue is in the latencies.
    stall = { from: Date.now() + 500, until: Date.now() + 900 };
    const result = await openLoopLoad(url, [{ path: '/a' }, { path: '/b' }], { rate: 100, durationSec: 1.5 });
    expect(result.sent).toBe(150);
    expect(result.answered).toBe(150);
    expect(result.errors + result.non2xx).toBe(0);
    // Most requests fall outside the stall: the median is far below it however busy the machine.
    expect(result.p50Ms).toBeLessThan(250);
    expect(result.p90Ms).toBeGreaterThan(100);
    expect(result.maxMs).toBeGreaterThan(300);
    expect(result.achievedRate).toBeGreaterThan(80);
    expect(result.achievedRate).toBeLessThan(110);
    // More connections than a closed loop's one: requests kept leaving during the stall.
    expect(result.connections).toBeGreaterThan(20);
  });

  it('keeps the offered rate on a quick server', async () => {
    stall = null;
    const started = Date.now();
    const result = await openLoopLoad(url, [{ path: '/' }], { rate: 200, durationSec: 1, arrivals: 'even' });
    expect(result.sent).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(result.achievedRate).toBeGreaterThan(180);
    expect(result.p99Ms).toBeLessThan(100);
  });
});

describe('request lists', () => {
  let server: http.Server;
  let url: string;
  const paths: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // Long enough that a quick machine's half second of closed loop never wraps it.
  const list = Array.from({ length: 200_000 }, (_, k) => ({ path: `/${k}` }));

  it('closed loop: the connections walk the list once in order, and the next run goes on from where the last stopped', async () => {
    paths.length = 0;
    const cursor = { next: 0 };
    const first = await httpLoad(url, list, 8, 0.5, {}, cursor);
    expect(first.requests).toBeGreaterThan(100);
    expect(first.requests).toBeLessThan(list.length); // the test needs the list not to wrap
    // Not every connection sending /0, /1, ... in step: each path once.
    expect(new Set(paths).size).toBe(paths.length);
    expect(cursor.next).toBeGreaterThanOrEqual(first.requests);
    const before = paths.length;
    await httpLoad(url, list, 8, 0.2, {}, cursor);
    expect(paths.slice(before).every((path) => Number(path.slice(1)) >= before)).toBe(true);
  });

  it('open loop: a run goes on from where the last stopped', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300)); // the closed loop's last answers
    paths.length = 0;
    const cursor = { next: 10 };
    await openLoopLoad(url, list, { rate: 100, durationSec: 0.3, cursor });
    expect(paths.sort()).toEqual(Array.from({ length: 30 }, (_, k) => `/${10 + k}`).sort());
    expect(cursor.next).toBe(40);
  });
});

describe('arrival schedule', () => {
  it('is Poisson by default: exponential gaps of mean 1 / rate, repeatable by seed', () => {
    const times = arrivalSchedule(200, 20_000);
    const gaps = Array.from(times.slice(1), (t, k) => t - times[k]);
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length);
    expect(mean).toBeCloseTo(5, 0);
    // An exponential's standard deviation equals its mean, and a third of its gaps exceed the mean * ln 3.
    expect(sd / mean).toBeGreaterThan(0.95);
    expect(sd / mean).toBeLessThan(1.05);
    expect(gaps.filter((gap) => gap > mean * Math.log(3)).length / gaps.length).toBeCloseTo(1 / 3, 1);
    expect(times[0]).toBe(0);
    expect(Array.from(arrivalSchedule(200, 50, 'poisson', 4))).toEqual(Array.from(arrivalSchedule(200, 50, 'poisson', 4)));
    expect(Array.from(arrivalSchedule(200, 50, 'poisson', 4))).not.toEqual(Array.from(arrivalSchedule(200, 50, 'poisson', 5)));
  });

  it('spaces sends evenly when asked', () => {
    expect(Array.from(arrivalSchedule(100, 4, 'even'))).toEqual([0, 10, 20, 30]);
  });
});

describe('CPU meter', () => {
  it('counts a process tree\'s CPU between start and stop', async () => {
    // A parent that spawns a busy child: the child's CPU belongs to the parent's tree.
    const script = "const {spawn}=require('child_process');const c=spawn(process.execPath,['-e','const t=Date.now();while(Date.now()-t<1500){}'],{stdio:'inherit'});c.on('exit',()=>process.exit(0));";
    const parent = spawn(process.execPath, ['-e', script], { stdio: 'inherit' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const meter = new CpuMeter({ tree: parent.pid, gone: undefined });
    const ownBefore = process.cpuUsage();
    meter.start();
    await new Promise((resolve) => setTimeout(resolve, 800));
    const reading = meter.stop();
    const own = process.cpuUsage(ownBefore);
    await new Promise((resolve) => parent.on('exit', resolve));
    // The idle parent uses next to nothing: what is counted is the child's spinning, at most
    // one core for the 0.8 s (less when other work shares the cores).
    expect(reading.seconds.tree).toBeGreaterThan(0.1);
    expect(reading.seconds.tree).toBeLessThan(0.9);
    expect(reading.missing).toEqual(['gone']);
    // The load generator is this process (all its threads), measured inside the window this
    // test measures around it; how busy it was depends on the runner, so no fixed bound.
    expect(reading.loadGeneratorSeconds).toBeGreaterThanOrEqual(0);
    expect(reading.loadGeneratorSeconds).toBeLessThanOrEqual((own.user + own.system) / 1e6);
  });
});
