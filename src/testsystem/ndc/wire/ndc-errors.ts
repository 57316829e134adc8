// NDC Error elements and error documents. The words are the airline's (its profile's errors); this
// file only writes them in 21.3 order.

import { el, ndcDocument, type XmlNode } from './xml-builder.js';

export interface NdcErrorSpec {
  code: string;
  text: string;
  /** OwnerName: the airline whose error this is. */
  owner: string;
  /** IATA error type: what kind of failure this is (processing, authentication, data). */
  typeCode: string;
  tag?: string;
  status?: string;
}

export function errorNode(spec: NdcErrorSpec): XmlNode {
  return el('Error', [
    el('Code', spec.code),
    el('DescText', spec.text),
    el('LangCode', 'EN'),
    el('OwnerName', spec.owner),
    spec.status ? el('StatusText', spec.status) : null,
    spec.tag ? el('TagText', spec.tag) : null,
    el('TypeCode', spec.typeCode),
  ]);
}

export function errorDocument(responseRoot: string, errors: readonly NdcErrorSpec[]): string {
  return ndcDocument(responseRoot, errors.map(errorNode));
}
