// What an airline's API takes that the 21.3 schema does not: VS publishes AirShoppingRQ samples
// whose OriginDestCriteria list CabinType after DestArrivalCriteria, whose OriginDepCriteria put the
// airport before the date, and with stray characters between elements
// (shop_by_departure_time_RQ.xml, shop_by_specific_date_return_journey_RQ.xml,
// shop_for_multicity_RQ.xml, shop_for_openjaw_itinerary_RQ.xml). VS answers them, so its test system
// reads them as VS does: the children of the elements the airline names are put in the schema's
// order and text between elements is dropped, before the schema check. A request that needs neither
// is passed on byte for byte; an airline that names no element (AA) gets the schema as it is.

import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/** Element (local name) to its children in schema order: the ones the airline accepts in any order. */
export type ChildOrder = Readonly<Record<string, readonly string[]>>;

type OrderedNode = Record<string, unknown>;

// Text is kept as it is written (entities not expanded), so rebuilding changes only what is fixed.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
});
const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  suppressEmptyNode: true,
});

const localName = (tag: string): string => tag.slice(tag.indexOf(':') + 1);
const tagOf = (node: OrderedNode): string | null => Object.keys(node).find((k) => k !== ':@' && k !== '#text') ?? null;

/** Fixes one element's children in place; true when anything changed. */
function mend(children: OrderedNode[], order: readonly string[] | undefined, childOrder: ChildOrder): boolean {
  let changed = false;
  const elements = children.filter((c) => tagOf(c) !== null);
  // Characters between elements: element-only content has none.
  if (elements.length > 0) {
    for (let i = children.length - 1; i >= 0; i--) {
      const text = children[i]!['#text'];
      if (text !== undefined && String(text).trim() !== '') {
        children.splice(i, 1);
        changed = true;
      }
    }
  }
  for (const element of elements) {
    const tag = tagOf(element)!;
    const inner = element[tag];
    if (Array.isArray(inner)) changed = mend(inner as OrderedNode[], childOrder[localName(tag)], childOrder) || changed;
  }
  if (order) {
    const rank = (n: OrderedNode) => order.indexOf(localName(tagOf(n) ?? ''));
    const slots = children.map((c, i) => (tagOf(c) !== null && rank(c) >= 0 ? i : -1)).filter((i) => i >= 0);
    const sorted = slots.map((i) => children[i]!).sort((a, b) => rank(a) - rank(b));
    slots.forEach((slot, k) => {
      if (children[slot] !== sorted[k]) {
        children[slot] = sorted[k]!;
        changed = true;
      }
    });
  }
  return changed;
}

/** The request as the airline reads it: `xml` itself unless something named in `childOrder` needed mending. */
export function lenientRequest(xml: string, childOrder: ChildOrder | undefined): string {
  if (!childOrder || Object.keys(childOrder).length === 0) return xml;
  let tree: OrderedNode[];
  try {
    tree = parser.parse(xml) as OrderedNode[];
  } catch {
    // Not well-formed: the router's own check answers it.
    return xml;
  }
  return mend(tree, undefined, childOrder) ? (builder.build(tree) as string) : xml;
}
