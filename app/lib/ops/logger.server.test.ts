import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { serializeError } from "~/lib/ops/logger.server";

describe("logger", () => {
  it("logs errors without the bound parameters of a failed query", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The app logger's error serializer, writing to memory.
    const probe = pino({ serializers: { err: serializeError } }, sink);
    const error = new Error(
      'Failed query: insert into "t" values ($1)\nparams: ama@example.test,Secret message',
      {
        cause: Object.assign(new Error('relation "t" does not exist'), { code: "42P01" }),
      },
    );
    probe.error({ err: error }, "inquiry could not be stored");
    const entry = JSON.parse(lines[0] ?? "{}") as { err: Record<string, string> };
    expect(entry.err.message).toBe('Failed query: insert into "t" values ($1)');
    expect(entry.err.code).toBe("42P01");
    expect(entry.err.cause).toBe('relation "t" does not exist');
    expect(lines.join("")).not.toMatch(/ama@example\.test|Secret message/);
  });
});
