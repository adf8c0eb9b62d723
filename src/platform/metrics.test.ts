import { TallyHistogram } from './metrics';

/** The tally behind the request and store-call histograms: series by their three label values, buckets as Prometheus counts them. */
describe('TallyHistogram', () => {
  it('keeps one series per label triple, with cumulative buckets, sum and count, and a counter of the same series', async () => {
    const tally = new TallyHistogram('t_seconds', 'help', ['method', 'route', 'status'], [0.01, 0.1]);
    tally.observe('GET', '/a', '200', 0.005);
    tally.observe('GET', '/a', '200', 0.05);
    tally.observe('GET', '/a', '404', 0.5);
    tally.observe('GET', '/b', '200', 0.01);
    tally.observe('POST', '/a', '200', 0.2);
    const histogram = await tally.metric().get();
    const value = (metricName: string, labels: Record<string, string | number>) =>
      histogram.values.find((v) => (v as { metricName?: string }).metricName === metricName && JSON.stringify(v.labels) === JSON.stringify(labels))?.value;
    const a200 = { method: 'GET', route: '/a', status: '200' };
    expect(value('t_seconds_bucket', { ...a200, le: 0.01 })).toBe(1);
    expect(value('t_seconds_bucket', { ...a200, le: 0.1 })).toBe(2);
    expect(value('t_seconds_bucket', { ...a200, le: '+Inf' })).toBe(2);
    expect(value('t_seconds_sum', a200)).toBeCloseTo(0.055);
    expect(value('t_seconds_count', a200)).toBe(2);
    // A value on a bound is in that bound's bucket (le: less than or equal).
    expect(value('t_seconds_bucket', { method: 'GET', route: '/b', status: '200', le: 0.01 })).toBe(1);
    expect(value('t_seconds_bucket', { method: 'GET', route: '/a', status: '404', le: 0.1 })).toBe(0);
    expect(value('t_seconds_bucket', { method: 'POST', route: '/a', status: '200', le: '+Inf' })).toBe(1);
    expect(histogram.values).toHaveLength(4 * 5);
    const counter = await tally.countMetric('t_total', 'help').get();
    expect(counter.values.map((v) => [v.labels, v.value])).toEqual(
      expect.arrayContaining([
        [a200, 2],
        [{ method: 'GET', route: '/a', status: '404' }, 1],
        [{ method: 'GET', route: '/b', status: '200' }, 1],
        [{ method: 'POST', route: '/a', status: '200' }, 1],
      ]),
    );
    expect(counter.values).toHaveLength(4);
  });
});
