/**
 * Many small texts (the JSON of each airport, its runways, frequencies and navaids) added once
 * while a version of the data is built, then read back by number until the next version replaces
 * it. Two homes: a file the kernel caches (`FileTexts`, the default) or buffers in the process
 * (`PackedTexts`, where no file can be made).
 */
export interface TextStore {
  readonly size: number;
  /** Stores the text; answers its number. */
  add(text: string): number;
  get(index: number): string;
  /** The text's length in UTF-8 bytes. */
  byteLength(index: number): number;
  /**
   * Hands over the UTF-8 bytes of several texts, in the order asked (`bytes[start, end)`, the
   * `k`th asked); cheaper than one `get` each where texts are neighbours, and no string is made.
   * The bytes are only valid during the call: copy them, do not keep them.
   */
  visitMany(indexes: readonly number[], visit: TextVisitor): void;
  /**
   * After `finish`: keeps the texts in this order of their numbers (a permutation of all of
   * them), so texts read together are neighbours. Numbers do not change.
   */
  arrange(order: ArrayLike<number>): void;
  /** Called once every text is in; only `get` follows. */
  finish(): void;
}

/** Makes an empty store for each set of texts a data load keeps. */
export type TextStoreFactory = () => TextStore;

/** Receives one text's bytes from `TextStore.visitMany`. */
export type TextVisitor = (bytes: Buffer, start: number, end: number, k: number) => void;
