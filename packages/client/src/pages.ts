/** One page of a keyset-paginated list: its items under a name, and `next_cursor` ('' on the last page). */
export type CursorPage = { next_cursor: string };

/**
 * A list read page by page as it is iterated: `for await (const order of client.orders.list())`
 * walks every item, `for await (const page of list.pages())` every page. Nothing is fetched until
 * iteration starts, and each iteration starts again from the first page.
 */
export class PageIterator<Page extends CursorPage, Item> implements AsyncIterable<Item> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<Page>;
  readonly #itemsOf: (page: Page) => readonly Item[];

  constructor(fetchPage: (cursor: string | undefined) => Promise<Page>, itemsOf: (page: Page) => readonly Item[]) {
    this.#fetchPage = fetchPage;
    this.#itemsOf = itemsOf;
  }

  async *pages(): AsyncGenerator<Page, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.#fetchPage(cursor);
      yield page;
      cursor = page.next_cursor || undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* this.#itemsOf(page);
  }

  /** Every item, read to the last page (mind the size of what you list). */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
