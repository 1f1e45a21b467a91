import { afterAll, beforeAll, beforeEach } from "vitest";
import { startSmtpSink } from "./smtp-sink";

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * A Vitest suite's own SMTP sink: started before its tests and closed after
 * them; before each test it accepts mail again and has received none. The
 * handle it returns reads through to the sink once it is listening.
 */
export function useSmtpSink(): SmtpSink {
  let sink: SmtpSink | undefined;
  const current = () => {
    if (!sink) throw new Error("the suite's SMTP sink starts in beforeAll");
    return sink;
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  beforeEach(() => {
    current().setFailing(false);
    current().messages.length = 0;
  });
  return new Proxy({} as SmtpSink, {
    get(_, key) {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === "function" ? value.bind(current()) : value;
    },
  });
}
