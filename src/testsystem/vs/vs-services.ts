// What VS sells or arranges per passenger in ServiceList (dialect.ts; ServiceListRS_* samples): extra
// checked bags beyond the brand's allowance, Wi-Fi on VS's own aircraft, and special meals, which
// VS books free (SSR codes as the samples list them).

import { fareFacts, type CatalogService } from '../ndc/fares/catalog-service.js';
import { fromGbp } from './fares/vs-money.js';
import { VS_SSR_SERVICES } from './vs-dialect.js';

const freeBags = (ctx: Parameters<CatalogService['price']>[1]): number => {
  const trip = fareFacts(ctx);
  return trip.international ? trip.priceClass.checkedBagsInternational : trip.priceClass.checkedBagsDomestic;
};

const meal = (code: string): CatalogService => ({
  id: code,
  name: VS_SSR_SERVICES[code] ?? code,
  rfic: 'G',
  rfisc: code,
  code,
  per: 'segment',
  price: () => 0,
});

export const VS_SERVICES: readonly CatalogService[] = [
  {
    id: 'BAG1',
    name: 'First additional checked bag',
    rfic: 'C',
    rfisc: '0CC',
    code: 'BAGS',
    per: 'journey',
    price: (_f, ctx, currency) => (freeBags(ctx) >= 1 ? null : fromGbp(6_500, currency)),
  },
  {
    id: 'BAG2',
    name: 'Second additional checked bag',
    rfic: 'C',
    rfisc: '0CD',
    code: 'BAGS',
    per: 'journey',
    price: (_f, ctx, currency) => (freeBags(ctx) >= 2 ? null : fromGbp(9_000, currency)),
  },
  {
    id: 'WIFI',
    name: 'Fast web browsing',
    rfic: 'G',
    rfisc: '0CL',
    code: 'WIFI',
    per: 'segment',
    price: (f, _ctx, currency) => (f.pattern.operatingCarrier === 'VS' ? fromGbp(1_999, currency) : null),
  },
  meal('VGML'),
  meal('KSML'),
  meal('CHML'),
];
