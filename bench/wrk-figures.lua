-- Printed by wrk when a run ends (bench/lib.ts, loadGet): the run's figures as one JSON line.
-- wrk's latencies are in microseconds; errors.status counts answers of 400 and above.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
