/**
 * Keeps one of Node's `process.nextTick` tick objects alive for the life of
 * the process, so that V8 never collects the hidden classes ("maps") that
 * every tick object shares.
 *
 * Why: Node 20 builds each tick object as a literal with computed symbol keys,
 * and V8 remembers, per key, the one map it saw the literal extended from.
 * Tick objects live for a moment; when a full garbage collection runs while
 * none is alive, their maps are collected, the next tick object gets fresh
 * ones, and V8 takes that as a second map: from then on it defines those
 * properties through its runtime, for every tick, for good. Opening the
 * embedded database with its `pg_trgm` extension makes such collections, and
 * the fast path then paid about 38,000 instructions a request for it
 * (docs/benchmarks.md, decision 068). One object kept alive keeps the maps
 * alive.
 *
 * The object comes from a hook switched on for one `nextTick` call and off
 * again at once; it is a finished tick, never run again.
 */
import { createHook } from "node:async_hooks";

let kept: object | undefined;

/** Catches one tick object and keeps it. Idempotent; returns the object kept. */
export function keepTickObjectMaps(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === "TickObject") kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return kept;
}
