// Sequential requests against the running mock: throughput and latency percentiles. Bounded in count.
export const measureMock = async (url, { requests = 400, path = '/v1/carts/current' } = {}) => {
  const timings = [];
  const started = performance.now();
  for (let i = 0; i < requests; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { Authorization: 'bench' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    timings.push(performance.now() - t0);
  }
  const total = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const pct = (p) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))];
  return { requests, perSecond: requests / total, p50: pct(50), p99: pct(99) };
};
