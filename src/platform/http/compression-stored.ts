import type { Coding } from './compression-negotiation.js';

/**
 * What names stored bytes: the bytes themselves when the same Buffer is sent each time (the
 * in-process search cache, the dashboard's files), or a name the sender gives when the bytes are
 * read anew for each request (a search cached in Redis, named by its search id).
 */
export type StoredName = Buffer | string;

/**
 * The compressed forms of stored bytes: each made once per entry and coding, then sent as they are.
 * A form being made is shared too, so requests that arrive together wait for one compression. Forms
 * of a Buffer go when it does (a WeakMap); named forms are bounded by their bytes together, the
 * least recently sent going first. A name must change when the bytes do.
 */
export class StoredForms {
  private readonly ofBytes = new WeakMap<Buffer, Map<Coding, Promise<Buffer>>>();
  private readonly ofNames = new Map<string, { form: Promise<Buffer>; bytes: number }>();
  private namedBytes = 0;

  constructor(private readonly maxNamedBytes: number) {}

  /** The form of `name` in `coding`: kept, or made now by `make` and kept. */
  form(name: StoredName, coding: Coding, make: () => Promise<Buffer>): Promise<Buffer> {
    return typeof name === 'string' ? this.named(`${coding}:${name}`, make) : this.ofBuffer(name, coding, make);
  }

  private ofBuffer(bytes: Buffer, coding: Coding, make: () => Promise<Buffer>): Promise<Buffer> {
    let forms = this.ofBytes.get(bytes);
    if (!forms) this.ofBytes.set(bytes, (forms = new Map()));
    let form = forms.get(coding);
    if (!form) {
      form = make();
      forms.set(coding, form);
      // A failed compression is not kept: the next request tries again.
      form.catch(() => forms.delete(coding));
    }
    return form;
  }

  private named(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.ofNames.get(key);
    if (kept) {
      // Most recently sent last: a Map iterates in insertion order, so the first is the one to drop.
      this.ofNames.delete(key);
      this.ofNames.set(key, kept);
      return kept.form;
    }
    const entry = { form: make(), bytes: 0 };
    this.ofNames.set(key, entry);
    entry.form.then(
      (made) => {
        if (this.ofNames.get(key) !== entry) return;
        entry.bytes = made.length;
        this.namedBytes += made.length;
        for (const [oldest, kept] of this.ofNames) {
          if (this.namedBytes <= this.maxNamedBytes) break;
          this.ofNames.delete(oldest);
          this.namedBytes -= kept.bytes;
        }
      },
      () => {
        if (this.ofNames.get(key) === entry) this.ofNames.delete(key);
      },
    );
    return entry.form;
  }
}
