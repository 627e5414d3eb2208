// probe.js: the first script of every benchmark page (inlined into the HTML by the driver,
// so it costs no request). It watches the host page's main thread as a page would:
//
//   - a Long Tasks PerformanceObserver (buffered), installed before anything else runs;
//   - the page's own 16 ms setTimeout chain, started here: how late each tick fires.
//
// window.BENCH_PROBE:
//   blocking(from, to)  long tasks overlapping [from, to] (performance.now() ms):
//                       {tbt: Σ (duration − 50), longest, count}
//   lateness(before)    worst lateness of the ticks that were due before `before`, ms
//   tickAfter(t)        resolves once a tick due at or after t has fired (so every tick due
//                       before t has been counted)
//   stopTimer()         ends the tick chain (the workload pages stop it in BENCH.setup)
//   atPaint(t)          the start-up figures, once a tick due at or after t has fired, for
//                       a first surface painted at t: {tbt, longest, longCount} of the long
//                       tasks overlapping [0, t] and lateness(t); ends the tick chain
(() => {
  "use strict";
  const PERIOD = 16;
  const tasks = []; // {start, duration}
  const ticks = []; // {due, late}
  const waiters = [];
  const keep = (list) => {
    for (const e of list) tasks.push({ start: e.startTime, duration: e.duration });
  };
  let observer = null;
  try {
    observer = new PerformanceObserver((l) => keep(l.getEntries()));
    observer.observe({ type: "longtask", buffered: true });
  } catch (e) {
    observer = null; // no Long Tasks API: blocking() reports null
  }

  let stopped = false;
  let due = performance.now() + PERIOD;
  const tick = () => {
    const t = performance.now();
    ticks.push({ due, late: t - due });
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (due >= waiters[i].t) {
        waiters[i].resolve();
        waiters.splice(i, 1);
      }
    }
    if (stopped) return;
    due = t + PERIOD;
    setTimeout(tick, PERIOD);
  };
  setTimeout(tick, PERIOD);

  function blocking(from, to) {
    if (!observer) return null;
    keep(observer.takeRecords());
    let tbt = 0;
    let longest = 0;
    let count = 0;
    for (const e of tasks) {
      if (e.start + e.duration <= from || e.start >= to) continue;
      tbt += Math.max(0, e.duration - 50);
      longest = Math.max(longest, e.duration);
      count++;
    }
    return { tbt, longest, count };
  }

  function lateness(before) {
    let worst = 0;
    for (const k of ticks) if (k.due < before && k.late > worst) worst = k.late;
    return worst;
  }

  function tickAfter(t) {
    for (const k of ticks) if (k.due >= t) return Promise.resolve();
    if (stopped) return Promise.reject(new Error("bench probe: the tick chain was stopped"));
    return new Promise((resolve) => waiters.push({ t, resolve }));
  }

  function stopTimer() {
    stopped = true;
  }

  async function atPaint(t) {
    await tickAfter(t);
    stopTimer();
    const b = blocking(0, t);
    return b && { tbt: b.tbt, longest: b.longest, longCount: b.count, lateness: lateness(t) };
  }

  window.BENCH_PROBE = { blocking, lateness, tickAfter, stopTimer, atPaint };
})();
