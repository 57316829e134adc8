// Ids in VS's formats (dialect.ts, from the samples): offers `<uuid>|<22-character token><sequence>`,
// orders `VS932<PNR><two-digit year>`, reshop and cancel quotes a bare UUID.

import { randomInt, randomUUID } from 'node:crypto';
import { vsOrderId } from './vs-dialect.js';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const VS_IDS = {
  offer: (): string => `${randomUUID()}|${Array.from({ length: 22 }, () => BASE62[randomInt(62)]).join('')}001`,
  order: (pnr: string, now: number): string => vsOrderId(pnr, new Date(now).getUTCFullYear()),
  quote: (): string => randomUUID(),
};
