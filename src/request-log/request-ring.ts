import type { CapturedBodies } from './body-capture.js';
import type { RequestFacts } from './request-facts.js';

// The text fields of a request, each kept as a place in the ring's string table.
const AGENCY = 0;
const API_KEY = 1;
const USER = 2;
const ENVIRONMENT = 3;
const METHOD = 4;
const ROUTE = 5;
const PATH = 6;
const ERROR_CODE = 7;
const TEXT_FIELDS = 8;
const NONE = -1;

/**
 * The requests waiting for the log's writer, oldest first, in a ring of fixed capacity. Each is
 * kept as numbers in typed columns, its texts as places in a string table, and only its request id
 * as a string of its own. Under load a write comes every few hundred requests, so every waiting
 * request outlives a young-generation collection or two; as an object it would be copied and
 * promoted each time, and the old generation's collections (which walk the aviation data too)
 * would come sooner. Numbers in a typed array cost the collector nothing.
 *
 * Rows are numbered from the first ever recorded: `first` is the oldest kept, `next` the next to
 * come; a row's slot is its number modulo the capacity.
 */
export class RequestRing {
  private readonly at: Float64Array;
  private readonly duration: Float64Array;
  private readonly status: Uint16Array;
  private readonly texts: Int32Array;
  private readonly requestIds: (string | undefined)[];
  /** The bodies captured with a row (references to bytes the request already had), until written. */
  private readonly bodies: (CapturedBodies | undefined)[];
  private bodyCount = 0;
  private strings: string[] = [];
  private places = new Map<string, number>();
  private first = 0;
  private next = 0;

  constructor(readonly capacity: number) {
    this.at = new Float64Array(capacity);
    this.duration = new Float64Array(capacity);
    this.status = new Uint16Array(capacity);
    this.texts = new Int32Array(capacity * TEXT_FIELDS);
    this.requestIds = new Array<string | undefined>(capacity).fill(undefined);
    this.bodies = new Array<CapturedBodies | undefined>(capacity).fill(undefined);
  }

  /** Rows kept with their bodies. */
  get withBodies(): number {
    return this.bodyCount;
  }

  get size(): number {
    return this.next - this.first;
  }

  /** The number the next row will get: rows below it were recorded before now. */
  get end(): number {
    return this.next;
  }

  /** The number of the oldest row kept. */
  get start(): number {
    return this.first;
  }

  /** Appends a row; the caller makes room first (the ring never overwrites on its own). */
  push(facts: RequestFacts, bodies?: CapturedBodies): void {
    if (this.size >= this.capacity) throw new Error('request ring is full');
    const slot = this.next % this.capacity;
    const base = slot * TEXT_FIELDS;
    this.at[slot] = facts.atMs;
    this.duration[slot] = facts.durationMs;
    this.status[slot] = facts.status;
    this.texts[base + AGENCY] = this.place(facts.agencyId);
    this.texts[base + API_KEY] = this.place(facts.apiKeyId);
    this.texts[base + USER] = this.place(facts.userId);
    this.texts[base + ENVIRONMENT] = this.place(facts.environment);
    this.texts[base + METHOD] = this.place(facts.method);
    this.texts[base + ROUTE] = this.place(facts.route);
    this.texts[base + PATH] = this.place(facts.path);
    this.texts[base + ERROR_CODE] = this.place(facts.errorCode);
    this.requestIds[slot] = facts.requestId;
    if (bodies) {
      this.bodies[slot] = bodies;
      this.bodyCount++;
    }
    this.next++;
  }

  /** The rows numbered from..to-1 (all still kept), as facts again, for a write. */
  read(from: number, to: number): RequestFacts[] {
    if (from < this.first || to > this.next || from > to) throw new Error(`rows ${from}..${to} are not all kept`);
    const rows: RequestFacts[] = [];
    for (let n = from; n < to; n++) {
      const slot = n % this.capacity;
      const base = slot * TEXT_FIELDS;
      rows.push({
        atMs: this.at[slot]!,
        agencyId: this.text(base + AGENCY)!,
        apiKeyId: this.text(base + API_KEY),
        userId: this.text(base + USER),
        environment: this.text(base + ENVIRONMENT) as RequestFacts['environment'],
        method: this.text(base + METHOD)!,
        route: this.text(base + ROUTE)!,
        path: this.text(base + PATH)!,
        status: this.status[slot]!,
        durationMs: this.duration[slot]!,
        requestId: this.requestIds[slot]!,
        errorCode: this.text(base + ERROR_CODE),
      });
    }
    return rows;
  }

  /** The bodies captured with row `n` (still kept), if any. */
  bodiesOf(n: number): CapturedBodies | undefined {
    return this.bodies[n % this.capacity];
  }

  /** Lets go of every row numbered below `to` (written, or dropped). */
  release(to: number): void {
    const until = Math.min(to, this.next);
    for (let n = this.first; n < until; n++) {
      const slot = n % this.capacity;
      this.requestIds[slot] = undefined;
      if (this.bodies[slot]) {
        this.bodies[slot] = undefined;
        this.bodyCount--;
      }
    }
    this.first = Math.max(this.first, until);
    if (this.size === 0) {
      // Nothing waits: the table starts again, so it only ever holds the texts of recent rows.
      this.strings = [];
      this.places.clear();
    } else if (this.strings.length > this.capacity * TEXT_FIELDS) {
      this.compact();
    }
  }

  private place(value: string | null): number {
    if (value === null) return NONE;
    let at = this.places.get(value);
    if (at === undefined) {
      at = this.strings.length;
      this.strings.push(value);
      this.places.set(value, at);
    }
    return at;
  }

  private text(index: number): string | null {
    const at = this.texts[index]!;
    return at === NONE ? null : this.strings[at]!;
  }

  /**
   * While storage is down and rows are dropped unwritten, the table would keep the texts of the
   * dropped ones: past a bound it is rebuilt from the rows still kept.
   */
  private compact(): void {
    const old = this.strings;
    this.strings = [];
    this.places.clear();
    for (let n = this.first; n < this.next; n++) {
      const base = (n % this.capacity) * TEXT_FIELDS;
      for (let field = 0; field < TEXT_FIELDS; field++) {
        const at = this.texts[base + field]!;
        if (at !== NONE) this.texts[base + field] = this.place(old[at]!);
      }
    }
  }
}
