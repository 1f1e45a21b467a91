import type { DatabaseHandle } from "./db.server";

/**
 * A count of the changes a process has heard of on one NOTIFY channel, for
 * the caches of what those changes touch: a value read while the count
 * stood still may be kept until it moves. Until the process listens on the
 * channel, `listening()` says no and nothing may be kept at all; a failed
 * attempt to listen is tried again on the next call.
 */
export class ChangeGeneration {
  private current = 0;
  private state: "no" | Promise<boolean> | true = "no";

  constructor(
    private readonly source: Pick<DatabaseHandle, "listen">,
    private readonly channel: string,
    /** Called on every change, after the count has moved (and once when listening starts). */
    private readonly onChange: () => void,
  ) {}

  get value(): number {
    return this.current;
  }

  /** Moves the count on, as a notification would. */
  change(): void {
    this.current++;
    this.onChange();
  }

  /** Whether values may be kept: true only while this process listens on the channel. */
  listening(): boolean | Promise<boolean> {
    if (this.state !== "no") return this.state;
    this.state = this.source
      .listen(this.channel, () => this.change())
      .then(
        () => {
          // Whatever was read before listening began may be older than a change not heard.
          this.change();
          this.state = true;
          return true;
        },
        () => {
          this.state = "no";
          return false;
        },
      );
    return this.state;
  }
}
